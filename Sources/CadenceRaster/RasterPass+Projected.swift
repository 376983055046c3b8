import CadenceDraw
import CadenceText

extension RasterPass {
    /// A projected picture: its list drawn alone into a transparent canvas of its size, then put
    /// over the target through its transform. Each frame pixel maps back into the picture, where
    /// `n × n` points spread over the pixel are sampled bilinearly (texels outside the picture
    /// are transparent) and averaged, `n` from how many picture pixels the pixel spans
    /// (`ProjectedPicture.samples(footprint:)`); points behind the eye count as transparent.
    mutating func drawProjected(_ picture: ProjectedPicture) throws(TextError) {
        let (width, height) = picture.pixelSize
        guard width > 0, height > 0, picture.transform.isFinite, let inverse = picture.transform.inverted,
              let clip, let bounds = target.bounds, let reach = DrawCommand.projected(picture).bounds,
              let box = PixelRect(covering: reach)?.intersection(clip)?.intersection(bounds),
              let whole = PixelRect(width: width, height: height) else { return }
        var pass = RasterPass(renderer: renderer, target: RasterCanvas(width: width, height: height), clip: whole, frame: whole)
        try pass.run(picture.list, bounds: picture.list.commands.map(\.bounds))
        let source = pass.target
        let (canvasWidth, canvasX, canvasY) = (target.width, target.originX, target.originY)
        source.withPixels { texels in
            /// Premultiplied 0 ... 255 at picture point (u, v), bilinear between texel centres.
            func sample(_ u: Double, _ v: Double) -> SIMD4<Double> {
                let fx = u - 0.5, fy = v - 0.5
                guard fx > -1, fy > -1, fx < Double(width), fy < Double(height) else { return .zero }
                let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                let tx = fx - Double(x0), ty = fy - Double(y0)
                func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
                    guard x >= 0, y >= 0, x < width, y < height else { return .zero }
                    let at = (y * width + x) * 4
                    return SIMD4(Double(texels[at]), Double(texels[at + 1]), Double(texels[at + 2]), Double(texels[at + 3]))
                }
                let top = texel(x0, y0) * (1 - tx) + texel(x0 + 1, y0) * tx
                let bottom = texel(x0, y0 + 1) * (1 - tx) + texel(x0 + 1, y0 + 1) * tx
                return top * (1 - ty) + bottom * ty
            }
            target.withMutablePixels { pixels in
                for y in box.minY..<box.maxY {
                    var offset = ((y - canvasY) * canvasWidth + box.minX - canvasX) * 4
                    for x in box.minX..<box.maxX {
                        defer { offset += 4 }
                        let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                        let scales = inverse.axisScales(at: centre)
                        let n = ProjectedPicture.samples(footprint: max(scales.x, scales.y))
                        var sum = SIMD4<Double>.zero
                        for j in 0..<n {
                            for i in 0..<n {
                                let (u, v, w) = inverse.homogeneous(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n))
                                // Behind the eye (or at the horizon): nothing of the picture shows.
                                guard w > 0 else { continue }
                                let su = u / w, sv = v / w
                                guard su.isFinite, sv.isFinite else { continue }
                                sum += sample(su, sv)
                            }
                        }
                        if sum.w <= 0 { continue }
                        Self.blend(sum / Double(n * n * 255), into: pixels, at: offset)
                    }
                }
            }
        }
    }
}
