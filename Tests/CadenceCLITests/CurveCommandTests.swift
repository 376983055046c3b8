import CadenceImage
import Foundation
import Testing
import CadenceDraw

@Suite struct CurveCommandTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "cadence-curve-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func pairs(_ output: String) -> [(Double, Double)] {
        output.split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            return (Double(fields[0])!, Double(fields[1])!)
        }
    }

    @Test func printsSamplesOnTheUnitInterval() throws {
        let result = try CLI.run(["curve", "easeInOut", "--samples", "5"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "0 0\n0.25 0.0625\n0.5 0.5\n0.75 0.9375\n1 1\n")
    }

    @Test func printsAtLeastTenSignificantDigits() throws {
        let result = try CLI.run(["curve", "caDefault", "--samples", "3"], in: folder)
        let middle = try #require(result.stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").last)
        #expect(middle.filter(\.isNumber).drop { $0 == "0" }.count >= 10, "\(middle)")
        #expect(abs(Double(middle)! - 0.80240338758485699) < 1e-12)
    }

    @Test func springsRunInSeconds() throws {
        let result = try CLI.run(["curve", "spring(1,100,10,0)", "--samples", "3", "--duration", "2"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let samples = pairs(result.stdout)
        #expect(samples.map(\.0) == [0, 1, 2])
        #expect(samples[0].1 == 0 && abs(samples[2].1 - 1) < 1e-3)
    }

    @Test func rateChangesThePowerCurves() throws {
        let result = try CLI.run(["curve", "easeIn", "--rate", "2", "--samples", "3"], in: folder)
        #expect(pairs(result.stdout).map(\.1) == [0, 0.25, 1])
    }

    @Test func plotsToAPNG() throws {
        let result = try CLI.run(["curve", "easeOutBounce", "--plot", "bounce.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage(contentsOfPNG: folder + "/bounce.png")
        #expect(image.width == 640 && image.height == 400)
        #expect(result.stdout.split(separator: "\n").count == 11)
    }

    @Test(arguments: [
        (["curve", "wobble"], "valid forms: linear, easeIn, easeOut, easeInOut"),
        (["curve", "cubicBezier(1.5,0,0.5,1)"], "x1 and x2 must be in 0...1"),
        (["curve", "spring(-1,100,10,0)"], "mass must be"),
        (["curve", "caDefault", "--rate", "2"], "--rate applies to easeIn, easeOut and easeInOut"),
        (["curve", "easeIn", "--rate", "nan"], "rate must be a finite number above 0"),
        (["curve", "linear", "--duration", "2"], "--duration applies to springs only"),
        (["curve", "linear", "--plot", "no/such/folder/plot.png"], "no/such/folder/plot.png"),
    ])
    func badInputIsAClearError(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func benchCurvesTimesEveryFamily() throws {
        let result = try CLI.run(["bench", "curves", "--evaluations", "1000", "--json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let names = list.compactMap { $0["curve"] as? String }
        #expect(names.contains("caDefault") && names.contains("easeInOutBounce") && names.contains("spring(1,100,10,0)"))
        #expect(list.allSatisfy { ($0["ns_per_eval"] as? Double).map { $0 > 0 } ?? false })
    }
}
