extension Array where Element == Polyline {
    /// The polylines cut into dashes by `pattern`, starting `phase` into it, as `CAShapeLayer`'s
    /// `lineDashPattern` and `lineDashPhase`.
    ///
    /// - The pattern alternates dash and gap lengths, starting with a dash; an odd-length pattern
    ///   repeats twice, as SVG's `stroke-dasharray` does ([5] means 5 on, 5 off).
    /// - An empty pattern, an all-zero one, or one with a negative or non-finite entry leaves the
    ///   polylines solid (returned as they are). So does a pattern that would cut more than 100,000
    ///   dashes, which keeps absurd input bounded.
    /// - The pattern restarts at each polyline; dashes go on across corners (one dash may have
    ///   several segments) and along a closed polyline's closing segment.
    /// - A negative phase counts back from the end of the pattern; a non-finite phase counts as 0.
    /// - Every dash is an open polyline; a dash of length 0 is a polyline of two equal points, which
    ///   round and square caps draw as a dot.
    public func dashed(pattern: [Double], phase: Double) -> [Polyline] {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return self }
        let pattern = pattern.count.isMultiple(of: 2) ? pattern : pattern + pattern
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite else { return self }
        let totalLength = reduce(0) { $0 + $1.length }
        let dashesPerPeriod = Double(pattern.count / 2)
        let estimate = (totalLength / period + 1) * dashesPerPeriod + Double(count)
        guard estimate <= 100_000 else { return self }

        // Where in the pattern each polyline starts.
        var into = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if into < 0 { into += period }
        var startIndex = 0
        // At phase 0 a zero-length first dash still draws (a dot); later ones are passed over.
        while startIndex < pattern.count - 1, into > 0, into >= pattern[startIndex] {
            into -= pattern[startIndex]
            startIndex += 1
        }
        let startRemaining = Swift.max(pattern[startIndex] - into, 0)

        var dashes: [Polyline] = []
        for polyline in self {
            guard let first = polyline.points.first else { continue }
            var index = startIndex
            var remaining = startRemaining
            var dash: [Point] = index.isMultiple(of: 2) ? [first] : []
            for segment in polyline.segments where segment.length > 0 && segment.length.isFinite {
                var travelled = 0.0
                while segment.length - travelled > remaining {
                    travelled += remaining
                    let point = Polyline._point(on: segment, at: travelled)
                    if index.isMultiple(of: 2) {
                        dash.append(point)
                        dashes.append(Polyline(points: dash, closed: false))
                        dash = []
                    } else {
                        dash = [point]
                    }
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                }
                remaining -= segment.length - travelled
                if index.isMultiple(of: 2) { dash.append(segment.to._point) }
            }
            if index.isMultiple(of: 2), dash.count > 1 {
                dashes.append(Polyline(points: dash, closed: false))
            }
        }
        return dashes
    }
}
