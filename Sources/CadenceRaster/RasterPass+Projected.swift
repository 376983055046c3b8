import CadenceDraw
import CadenceText

extension RasterPass {
    /// A projected picture: its list drawn alone into a transparent canvas of its size (kept while
    /// frames show the same list), then put over the target through its transform. Each frame
    /// pixel maps back into the picture, where `n × n` points spread over the pixel are sampled
    /// bilinearly (texels outside the picture are transparent) and averaged, `n` from how many
    /// picture pixels the pixel spans at its centre (`ProjectedPicture.samples(squaredFootprint:)`);
    /// a pixel whose centre lies behind the eye shows nothing, and so does a sample behind it.
    mutating func drawProjected(_ picture: ProjectedPicture) throws(TextError) {
        let (width, height) = picture.pixelSize
        guard width > 0, height > 0, picture.transform.isFinite, let inverse = picture.transform.inverted,
              let clip, let bounds = target.bounds, let reach = DrawCommand.projected(picture).bounds,
              let box = PixelRect(covering: reach)?.intersection(clip)?.intersection(bounds),
              let whole = PixelRect(width: width, height: height) else { return }
        // Drawn once while frames show it (the bands of a frame share it).
        let source = try renderer.pathMasks.picture(for: picture.list) { () throws(TextError) -> RasterCanvas in
            var pass = RasterPass(renderer: renderer, target: RasterCanvas(width: width, height: height), clip: whole, frame: whole)
            try pass.run(picture.list, bounds: picture.list.commands.map(\.bounds))
            return pass.target
        }
        let (canvasWidth, canvasX, canvasY) = (target.width, target.originX, target.originY)
        let (m11, m12, m13) = (inverse.m11, inverse.m12, inverse.m13)
        let (m21, m22, m23) = (inverse.m21, inverse.m22, inverse.m23)
        let (m31, m32, m33) = (inverse.m31, inverse.m32, inverse.m33)
        let (lastX, lastY) = (Double(width - 1), Double(height - 1))
        source.withPixels { texels in
            let raw = UnsafeRawPointer(texels.baseAddress!)
            /// Premultiplied 0 ... 255 at picture point (u, v), bilinear between texel centres.
            @inline(__always) func sample(_ u: Double, _ v: Double) -> SIMD4<Double> {
                let fx = u - 0.5, fy = v - 0.5
                guard fx > -1, fy > -1, fx < Double(width), fy < Double(height) else { return .zero }
                let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                let tx = fx - Double(x0), ty = fy - Double(y0)
                @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
                    guard x >= 0, y >= 0, x < width, y < height else { return .zero }
                    let at = (y * width + x) * 4
                    return SIMD4(Double(texels[at]), Double(texels[at + 1]), Double(texels[at + 2]), Double(texels[at + 3]))
                }
                // Inside, four equal texels (a picture's flat inside) need no blending.
                if fx >= 0, fy >= 0, fx < lastX, fy < lastY {
                    let at = (y0 * width + x0) * 4
                    let a = raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)
                    if a == raw.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self),
                       a == raw.loadUnaligned(fromByteOffset: at + width * 4, as: UInt32.self),
                       a == raw.loadUnaligned(fromByteOffset: at + width * 4 + 4, as: UInt32.self) {
                        return SIMD4(Double(texels[at]), Double(texels[at + 1]), Double(texels[at + 2]), Double(texels[at + 3]))
                    }
                }
                let top = texel(x0, y0) * (1 - tx) + texel(x0 + 1, y0) * tx
                let bottom = texel(x0, y0 + 1) * (1 - tx) + texel(x0 + 1, y0 + 1) * tx
                return top * (1 - ty) + bottom * ty
            }
            target.withMutablePixels { pixels in
                for y in box.minY..<box.maxY {
                    let cy = Double(y) + 0.5
                    var offset = ((y - canvasY) * canvasWidth + box.minX - canvasX) * 4
                    for x in box.minX..<box.maxX {
                        defer { offset += 4 }
                        let cx = Double(x) + 0.5
                        // The centre's homogeneous image: behind the eye, nothing shows.
                        let w = m13 * cx + m23 * cy + m33
                        guard w > 0 else { continue }
                        let u = m11 * cx + m21 * cy + m31, v = m12 * cx + m22 * cy + m32
                        // The Jacobian's columns there: picture pixels per frame pixel along x and y.
                        let w2 = w * w
                        let dxu = (m11 * w - u * m13) / w2, dxv = (m12 * w - v * m13) / w2
                        let dyu = (m21 * w - u * m23) / w2, dyv = (m22 * w - v * m23) / w2
                        let n = ProjectedPicture.samples(squaredFootprint: max(dxu * dxu + dxv * dxv, dyu * dyu + dyv * dyv))
                        var sum: SIMD4<Double>
                        if n == 1 {
                            sum = sample(u / w, v / w)
                        } else {
                            sum = .zero
                            let step = 1 / Double(n)
                            for j in 0..<n {
                                let sy = Double(y) + (Double(j) + 0.5) * step
                                for i in 0..<n {
                                    let sx = Double(x) + (Double(i) + 0.5) * step
                                    let sw = m13 * sx + m23 * sy + m33
                                    guard sw > 0 else { continue }
                                    let su = (m11 * sx + m21 * sy + m31) / sw, sv = (m12 * sx + m22 * sy + m32) / sw
                                    guard su.isFinite, sv.isFinite else { continue }
                                    sum += sample(su, sv)
                                }
                            }
                            sum /= Double(n * n)
                        }
                        if sum.w <= 0 { continue }
                        Self.blend(sum / 255, into: pixels, at: offset)
                    }
                }
            }
        }
    }
}
