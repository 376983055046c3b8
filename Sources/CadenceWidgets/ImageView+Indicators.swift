import CadenceAnimation
import CadenceDraw
import CadenceLayers

extension ImageView {
    /// Where indicators are centred: the view's centre moved by `indicatorCenterOffset`.
    var indicatorCentre: Point {
        Point(x: frame.minX + frame.width / 2 + indicatorCenterOffset.x, y: frame.minY + frame.height / 2 + indicatorCenterOffset.y)
    }

    /// The size an image or custom indicator is drawn at, for one whose own size is `intrinsic`.
    func indicatorSize(intrinsic: Size) -> Size {
        switch indicatorSize {
        case .intrinsic: intrinsic
        case .full: frame.size
        case .fixed(let size): size
        }
    }

    /// The frame of an animated indicator shown `elapsed` seconds after its load began: each
    /// frame `duration` seconds, over and over.
    ///
    /// The index is worked out in `Double` and reduced modulo the count before it becomes an
    /// `Int`, so no elapsed time (however long, or negative) can trap.
    public static func frame(of frames: [String], duration: Double, elapsed: Double) -> String {
        guard !frames.isEmpty else { return "" }
        guard duration > 0, duration.isFinite, elapsed.isFinite, elapsed > 0 else { return frames[0] }
        let count = Double(frames.count)
        let step = (elapsed / duration + 1e-9).rounded(.down).truncatingRemainder(dividingBy: count)
        guard step.isFinite, step >= 0, step < count else { return frames[0] }
        return frames[Int(step)]
    }

    /// The custom indicator at `time` while a load runs: the layer tree with its anchor at the
    /// indicator centre, sized by `indicatorSize`.
    func drawCustomIndicator(
        at time: Double, fonts: any TextLayoutEngine, images: any ImageProvider, motion: MotionSetting = .full, into list: inout DisplayList
    ) throws(TextError) {
        guard case .custom = indicator, var layer = customIndicator,
              let load = loads.last(where: { $0.start <= time }), time < load.completion
        else { return }
        layer.properties.bounds = indicatorSize(intrinsic: layer.properties.bounds)
        layer.properties.anchorPoint = Point(x: 0.5, y: 0.5)
        layer.properties.position = indicatorCentre
        try Node.layer(layer).draw(at: time, fonts: fonts, images: images, motion: motion, into: &list)
    }
}
