import CadenceAnimation
import CadenceDraw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an `EmitterLayer` shows, as `CAEmitterLayer` with its `CAEmitterCell`s: particles born
/// at each cell's rate from the emitter's shape, each flying, turning, growing and fading as a
/// closed-form function of its age. Every particle's state comes from its birth time, its index
/// and `seed` alone — nothing is simulated from 0 — so any frame renders alone, and the same
/// frame is the same at any frame rate, in any order, on any shard.
///
/// Particle *k* of a cell is born at the time the cell has emitted *k* particles (births evenly
/// spaced at its rate, the rate changing where `birthRate` is set), at a point of the emitter
/// shape, with its lifetime, velocity, direction, spin, scale and colour each drawn once from
/// the cell's ranges by a hash of (`seed`, cell, *k*). At age *a* it is at
/// *origin + v·a + ½·acceleration·a²*, turned by *spin·a*, scaled by *scale + scaleSpeed·a*, its
/// alpha *alpha + alphaSpeed·a*; it is gone once *a* reaches its lifetime.
public struct EmitterContent: Sendable, Hashable {
    /// Where particles are born, as `CAEmitterLayer.emitterShape`.
    public enum Shape: String, Sendable, Hashable, CaseIterable {
        /// At `position`.
        case point
        /// Along a horizontal line `size.width` long, centred on `position`.
        case line
        /// Inside a `size` rectangle centred on `position`.
        case rectangle
        /// Inside a circle of diameter `size.width` centred on `position`.
        case circle
    }

    /// The emitter's centre, in the layer's coordinates.
    public var position = Point.zero
    /// The emitter's size (for `line`, `rectangle` and `circle`).
    public var size = Size(width: 0, height: 0)
    /// Where particles are born.
    public var shape = Shape.point
    /// Multiplies every cell's birth rate; set it to 0 (a `setValue` event) to stop emitting.
    public var birthRate = 1.0
    /// Multiplies every cell's lifetime.
    public var lifetime = 1.0
    /// Seeds the particles' random draws: the same seed, the same particles.
    public var seed: UInt64 = 0
    /// The kinds of particle.
    public var cells: [EmitterCell] = []

    /// No cells, a point emitter at the origin.
    public init(cells: [EmitterCell] = []) {
        self.cells = cells
    }

    /// The most particles alive at once, over every cell: 10,000 (more are not drawn).
    public static let maximumParticles = 10_000
    /// The most cells one emitter has.
    public static let maximumCells = 64
}

/// A kind of particle, as `CAEmitterCell`. Ranges spread each particle's value evenly over
/// value ± range (`emissionRange` is the whole width of the cone of directions).
public struct EmitterCell: Sendable, Hashable {
    /// What a particle looks like.
    public enum Contents: Sendable, Hashable {
        /// A filled rectangle of the cell's `size`.
        case rectangle
        /// A filled circle of the cell's `size`.
        case circle
        /// An image (`builtin:NAME` or a path), drawn at the cell's `size`, by its alpha.
        case image(String)
    }

    public var contents = Contents.rectangle
    /// The particle's size before `scale`.
    public var size = Size(width: 8, height: 8)
    /// Particles a second.
    public var birthRate = 0.0
    /// Seconds a particle lives, ± `lifetimeRange`.
    public var lifetime = 1.0, lifetimeRange = 0.0
    /// Speed at birth, units a second, ± `velocityRange`.
    public var velocity = 0.0, velocityRange = 0.0
    /// Direction at birth, radians from +x, clockwise on screen; spread over `emissionRange`.
    public var emissionLongitude = 0.0, emissionRange = 0.0
    /// Acceleration, units a second squared (gravity: a positive `yAcceleration`).
    public var xAcceleration = 0.0, yAcceleration = 0.0
    /// Turning, radians a second, ± `spinRange`.
    public var spin = 0.0, spinRange = 0.0
    /// Scale at birth ± `scaleRange`, changing by `scaleSpeed` a second.
    public var scale = 1.0, scaleRange = 0.0, scaleSpeed = 0.0
    /// The colour at birth, each component ± its range; alpha changes by `alphaSpeed` a second.
    public var color = Color.white
    public var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0, alphaSpeed = 0.0

    /// A white 8 × 8 rectangle, emitted at no rate until told.
    public init() {}
}

extension EmitterContent {
    /// The particles alive at `time`, drawn into `list` in the layer's coordinates. `rates` are
    /// the `birthRate` multipliers in force from each time on, the first from 0. Each particle
    /// drawn takes one item of the frame's `budget`.
    func draw(
        at time: Double, rates: [(time: Double, rate: Double)], images: any ImageProvider, budget frame: DrawnItemBudget = DrawnItemBudget(),
        into list: inout DisplayList
    ) {
        guard time >= 0, time.isFinite else { return }
        let allowed = min(Self.maximumParticles, frame.remaining)
        var budget = allowed
        for (index, cell) in cells.enumerated() where budget > 0 {
            cell.draw(at: time, index: index, emitter: self, rates: rates, budget: &budget, images: images, into: &list)
        }
        _ = frame.take(allowed - budget)
    }
}

extension EmitterCell {
    /// The longest a particle of this cell lives under an emitter lifetime multiplier `scale`.
    public func longestLife(_ scale: Double) -> Double { max(0, (lifetime + abs(lifetimeRange)) * scale) }

    fileprivate func draw(
        at time: Double, index: Int, emitter: EmitterContent, rates: [(time: Double, rate: Double)], budget: inout Int,
        images: any ImageProvider, into list: inout DisplayList
    ) {
        let longest = longestLife(emitter.lifetime)
        guard birthRate > 0, longest > 0 else { return }
        // Births up to `time`, interval by interval of the emitter's rate.
        var emitted = 0.0
        for (position, interval) in rates.enumerated() where interval.time < time {
            let end = min(position + 1 < rates.count ? rates[position + 1].time : time, time)
            let rate = birthRate * max(interval.rate, 0)
            guard rate > 0, end > interval.time else { continue }
            let before = emitted
            emitted += rate * (end - interval.time)
            // Particles born in this interval that may still live: born after time − longest.
            let first = max(before.rounded(.up), (before + rate * max(time - longest - interval.time, 0)).rounded(.up))
            var k = first
            // Bounded however the rate was set: the reader holds rate × lifetime to the particle
            // limit, and a later setValue cannot make a cell walk more than four times it.
            var walked = 0
            while k < emitted, budget > 0, walked < 4 * EmitterContent.maximumParticles {
                walked += 1
                let born = interval.time + (k - before) / rate
                draw(particle: k, born: born, at: time, index: index, emitter: emitter, images: images, into: &list, budget: &budget)
                k += 1
            }
        }
    }

    private func draw(
        particle k: Double, born: Double, at time: Double, index: Int, emitter: EmitterContent, images: any ImageProvider,
        into list: inout DisplayList, budget: inout Int
    ) {
        var random = ParticleRandom(seed: emitter.seed, cell: index, particle: k)
        let life = max(0, (lifetime + lifetimeRange * random.signed()) * emitter.lifetime)
        let age = time - born
        guard age >= 0, age < life else { return }
        budget -= 1
        // Where on the emitter shape.
        var origin = emitter.position
        switch emitter.shape {
        case .point: break
        case .line: origin.x += emitter.size.width * (random.unit() - 0.5)
        case .rectangle:
            origin.x += emitter.size.width * (random.unit() - 0.5)
            origin.y += emitter.size.height * (random.unit() - 0.5)
        case .circle:
            let angle = 2 * Double.pi * random.unit()
            let radius = emitter.size.width / 2 * random.unit().squareRoot()
            origin.x += radius * cos(angle)
            origin.y += radius * sin(angle)
        }
        let direction = emissionLongitude + emissionRange * (random.unit() - 0.5)
        let speed = velocity + velocityRange * random.signed()
        let turning = spin + spinRange * random.signed()
        let startScale = scale + scaleRange * random.signed()
        func channel(_ value: Double, _ range: Double) -> Double { min(max(value + range * random.signed(), 0), 1) }
        let base = self.color
        var color = Color(red: channel(base.red, redRange), green: channel(base.green, greenRange), blue: channel(base.blue, blueRange),
                          alpha: channel(base.alpha, alphaRange))
        color.alpha = min(max(color.alpha + alphaSpeed * age, 0), 1)
        let shownScale = startScale + scaleSpeed * age
        guard color.alpha > 0, shownScale > 0, shownScale.isFinite else { return }
        let x = origin.x + speed * cos(direction) * age + 0.5 * xAcceleration * age * age
        let y = origin.y + speed * sin(direction) * age + 0.5 * yAcceleration * age * age
        guard x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else { return }
        let transform = AffineTransform(scaleX: shownScale, y: shownScale)
            .concatenating(AffineTransform(rotation: turning * age))
            .concatenating(AffineTransform(translationX: x, y: y))
        let rect = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
        switch contents {
        case .rectangle:
            list.append(.roundedRect(RoundedRect(rect: rect, cornerRadius: 0, fill: color, transform: transform)))
        case .circle:
            list.append(.roundedRect(RoundedRect(rect: rect, cornerRadius: min(size.width, size.height) / 2, fill: color, transform: transform)))
        case .image(let source):
            guard let image = images.image(for: source), image.width > 0, image.height > 0 else { return }
            list.append(.image(ImageDraw(key: source, image: image, rect: rect, alpha: color.alpha, transform: transform)))
        }
    }
}

/// The random draws of one particle: SplitMix64 from (seed, cell, index), so each particle's
/// values depend on nothing else.
struct ParticleRandom {
    private var generator: SplitMix64

    init(seed: UInt64, cell: Int, particle: Double) {
        let index = particle < 1.8e19 ? UInt64(max(particle, 0)) : UInt64.max
        generator = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: cell) &* 0xBF58_476D_1CE4_E5B9 ^ index &* 0x94D0_49BB_1331_11EB)
    }

    /// 0 ..< 1.
    mutating func unit() -> Double { generator.nextUnit() }

    /// −1 ..< 1.
    mutating func signed() -> Double { unit() * 2 - 1 }
}
