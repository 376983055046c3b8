var $bm_rt;
$bm_rt = $bm_sum(value, $bm_mul(time, 10));