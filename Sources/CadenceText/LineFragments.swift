import CadenceDraw

/// The pieces of lines that wrapped text fills when rectangles are excluded from its box, as
/// `NSTextContainer` cuts line fragments around `exclusionPaths`.
///
/// Lines are bands `band` tall from the top; each band is the box's width less every exclusion
/// that crosses the band, in left-to-right pieces. Fragments are numbered across bands; a band
/// with no room gives none.
struct LineFragments {
    /// One fragment: where it starts, how wide it is, and the top of its band.
    struct Fragment: Hashable {
        var x: Double
        var width: Double
        var top: Double
    }

    /// At most this many fragments: past it, text runs on in the last one (no endless search).
    static let maximumCount = 100_000
    /// Pieces narrower than this are too thin to hold text and are skipped.
    static let minimumWidth = 1.0

    let width: Double
    let band: Double
    let exclusions: [Rect]

    /// The fragments of band `index`, left to right.
    func pieces(ofBand index: Int) -> [Fragment] {
        let top = Double(index) * band
        var free: [(Double, Double)] = [(0, width)]
        for rect in exclusions where rect.minY < top + band && rect.maxY > top && rect.width > 0 {
            free = free.flatMap { piece -> [(Double, Double)] in
                guard rect.minX < piece.1, rect.maxX > piece.0 else { return [piece] }
                return [(piece.0, max(piece.0, rect.minX)), (min(piece.1, rect.maxX), piece.1)]
            }
        }
        return free.filter { $0.1 - $0.0 >= Self.minimumWidth }.map { Fragment(x: $0.0, width: $0.1 - $0.0, top: top) }
    }

    /// Fragment number `number` (0 first).
    func fragment(_ number: Int) -> Fragment {
        // Bands below every exclusion are whole; count up to there, then step whole bands.
        let lowest = exclusions.map(\.maxY).max() ?? 0
        let clearBand = band > 0 && lowest.isFinite ? Int(min(max((lowest / band).rounded(.up), 0), Double(Self.maximumCount))) : 0
        var remaining = min(max(number, 0), Self.maximumCount)
        var bandIndex = 0
        while bandIndex < clearBand {
            let pieces = pieces(ofBand: bandIndex)
            if remaining < pieces.count { return pieces[remaining] }
            remaining -= pieces.count
            bandIndex += 1
        }
        return Fragment(x: 0, width: width, top: Double(bandIndex + remaining) * band)
    }
}
