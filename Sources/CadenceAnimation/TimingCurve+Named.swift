/// Robert Penner's easing curves by name, as CSS and easings.net name them:
/// `.easeOutBack` is `.penner(Penner(.back, .out))`.
extension TimingCurve {
    /// `easeInQuad`.
    public static let easeInQuad = TimingCurve.penner(Penner(.quad, .in))
    /// `easeOutQuad`.
    public static let easeOutQuad = TimingCurve.penner(Penner(.quad, .out))
    /// `easeInOutQuad`.
    public static let easeInOutQuad = TimingCurve.penner(Penner(.quad, .inOut))
    /// `easeInCubic`.
    public static let easeInCubic = TimingCurve.penner(Penner(.cubic, .in))
    /// `easeOutCubic`.
    public static let easeOutCubic = TimingCurve.penner(Penner(.cubic, .out))
    /// `easeInOutCubic`.
    public static let easeInOutCubic = TimingCurve.penner(Penner(.cubic, .inOut))
    /// `easeInQuart`.
    public static let easeInQuart = TimingCurve.penner(Penner(.quart, .in))
    /// `easeOutQuart`.
    public static let easeOutQuart = TimingCurve.penner(Penner(.quart, .out))
    /// `easeInOutQuart`.
    public static let easeInOutQuart = TimingCurve.penner(Penner(.quart, .inOut))
    /// `easeInQuint`.
    public static let easeInQuint = TimingCurve.penner(Penner(.quint, .in))
    /// `easeOutQuint`.
    public static let easeOutQuint = TimingCurve.penner(Penner(.quint, .out))
    /// `easeInOutQuint`.
    public static let easeInOutQuint = TimingCurve.penner(Penner(.quint, .inOut))
    /// `easeInSine`.
    public static let easeInSine = TimingCurve.penner(Penner(.sine, .in))
    /// `easeOutSine`.
    public static let easeOutSine = TimingCurve.penner(Penner(.sine, .out))
    /// `easeInOutSine`.
    public static let easeInOutSine = TimingCurve.penner(Penner(.sine, .inOut))
    /// `easeInExpo`.
    public static let easeInExpo = TimingCurve.penner(Penner(.expo, .in))
    /// `easeOutExpo`.
    public static let easeOutExpo = TimingCurve.penner(Penner(.expo, .out))
    /// `easeInOutExpo`.
    public static let easeInOutExpo = TimingCurve.penner(Penner(.expo, .inOut))
    /// `easeInCirc`.
    public static let easeInCirc = TimingCurve.penner(Penner(.circ, .in))
    /// `easeOutCirc`.
    public static let easeOutCirc = TimingCurve.penner(Penner(.circ, .out))
    /// `easeInOutCirc`.
    public static let easeInOutCirc = TimingCurve.penner(Penner(.circ, .inOut))
    /// `easeInBack`.
    public static let easeInBack = TimingCurve.penner(Penner(.back, .in))
    /// `easeOutBack`.
    public static let easeOutBack = TimingCurve.penner(Penner(.back, .out))
    /// `easeInOutBack`.
    public static let easeInOutBack = TimingCurve.penner(Penner(.back, .inOut))
    /// `easeInElastic`.
    public static let easeInElastic = TimingCurve.penner(Penner(.elastic, .in))
    /// `easeOutElastic`.
    public static let easeOutElastic = TimingCurve.penner(Penner(.elastic, .out))
    /// `easeInOutElastic`.
    public static let easeInOutElastic = TimingCurve.penner(Penner(.elastic, .inOut))
    /// `easeInBounce`.
    public static let easeInBounce = TimingCurve.penner(Penner(.bounce, .in))
    /// `easeOutBounce`.
    public static let easeOutBounce = TimingCurve.penner(Penner(.bounce, .out))
    /// `easeInOutBounce`.
    public static let easeInOutBounce = TimingCurve.penner(Penner(.bounce, .inOut))
}
