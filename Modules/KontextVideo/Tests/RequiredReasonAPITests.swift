import Foundation
import Testing

/// The SDK's shipped code against Apple's list of required reason API: every category its sources
/// use is declared in `PrivacyInfo.xcprivacy` with a reason Apple allows for it, or App Store
/// Connect refuses the app that links the SDK (ITMS-91053, "Missing API declaration").
///
/// The list is Apple's page *Describing use of required reason API*
/// (`/documentation/BundleResources/describing-use-of-required-reason-api`): its five categories,
/// the symbols of each (Swift names, with the Objective-C names of the same APIs) and the reason
/// codes each category accepts. The scan reads tokens, not text: comments and string literals are
/// left out (a `stat` in a comment is no call), the code inside a string's interpolation is read.
@Suite("Required reason API")
struct RequiredReasonAPITests {
    /// One category of Apple's page.
    struct Category: Sendable {
        let type: String
        let symbols: Set<String>
        let reasons: Set<String>
    }

    /// Apple's page, category by category.
    static let categories: [Category] = [
        Category(type: "NSPrivacyAccessedAPICategoryFileTimestamp", symbols: [
            "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey", "creationDateKey",
            "getattrlist", "getattrlistbulk", "fgetattrlist", "stat", "fstat", "fstatat", "lstat", "getattrlistat",
            "NSFileCreationDate", "NSFileModificationDate", "NSURLContentModificationDateKey", "NSURLCreationDateKey",
        ], reasons: ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
        Category(type: "NSPrivacyAccessedAPICategorySystemBootTime", symbols: [
            "systemUptime", "mach_absolute_time",
        ], reasons: ["35F9.1", "8FFB.1", "3D61.1"]),
        Category(type: "NSPrivacyAccessedAPICategoryDiskSpace", symbols: [
            "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
            "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize", "systemSize",
            "statfs", "statvfs", "fstatfs", "fstatvfs", "getattrlist", "fgetattrlist", "getattrlistat",
            "NSURLVolumeAvailableCapacityKey", "NSURLVolumeAvailableCapacityForImportantUsageKey",
            "NSURLVolumeAvailableCapacityForOpportunisticUsageKey", "NSURLVolumeTotalCapacityKey",
            "NSFileSystemFreeSize", "NSFileSystemSize",
        ], reasons: ["85F4.1", "E174.1", "7D9E.1", "B728.1"]),
        Category(type: "NSPrivacyAccessedAPICategoryActiveKeyboards", symbols: [
            "activeInputModes",
        ], reasons: ["3EC4.1", "54BD.1"]),
        Category(type: "NSPrivacyAccessedAPICategoryUserDefaults", symbols: [
            "UserDefaults", "NSUserDefaults",
        ], reasons: ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
    ]

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The modules an app that links `KontextVideo` ships: it and every module it depends on,
    /// read from `Package.swift`'s layer table (not the sandbox, the test kit, tools or benchmarks).
    static func shippedModules() throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var dependencies: [String: [String]] = [:]
        // `Module("Name", layer: N)` or `Module("Name", layer: N, ["A", "B", …], …)`.
        var rest = Substring(manifest)
        while let start = rest.range(of: "Module(\"") {
            let nameEnd = rest[start.upperBound...].firstIndex(of: "\"")!
            let name = String(rest[start.upperBound..<nameEnd])
            let close = rest[nameEnd...].firstIndex(of: ")")!
            let head = rest[nameEnd..<close]
            var list: [String] = []
            if let open = head.firstIndex(of: "["), let end = rest[open...].firstIndex(of: "]") {
                list = rest[open..<end].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            }
            dependencies[name] = list
            rest = rest[nameEnd...]
        }
        var shipped: Set<String> = []
        var pending = ["KontextVideo"]
        while let module = pending.popLast() {
            guard shipped.insert(module).inserted else { continue }
            pending += dependencies[module] ?? []
        }
        return shipped
    }

    /// Every Swift file of the shipped modules' `Sources`.
    static func shippedSources() throws -> [URL] {
        try shippedModules().sorted().flatMap { module -> [URL] in
            let sources = root.appendingPathComponent("Modules/\(module)/Sources")
            let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        }
    }

    /// The categories the shipped sources use, each with the files and symbols that use it.
    static func usedCategories() throws -> [String: Set<String>] {
        var used: [String: Set<String>] = [:]
        for file in try shippedSources() {
            let identifiers = Set(SwiftTokens.identifiers(in: try String(contentsOf: file, encoding: .utf8)))
            for category in categories {
                for symbol in category.symbols.intersection(identifiers) {
                    used[category.type, default: []].insert("\(file.lastPathComponent): \(symbol)")
                }
            }
        }
        return used
    }

    /// The manifest's `NSPrivacyAccessedAPITypes`: category → reasons.
    static func declaredCategories() throws -> [String: [String]] {
        let types = try #require(try PrivacyManifestTests.read()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var declared: [String: [String]] = [:]
        for entry in types {
            let type = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            declared[type] = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
        }
        return declared
    }

    @Test("the scan reads what an app ships: the facade and its dependencies, not the sandbox, the test kit or the tools")
    func shippedModulesAreTheFacadesClosure() throws {
        let shipped = try Self.shippedModules()
        #expect(shipped.isSuperset(of: ["KontextVideo", "KontextVideoNetworking", "KontextVideoModels", "KontextVideoCreatives", "KontextVideoConcurrency"]))
        #expect(shipped.isDisjoint(with: ["KontextVideoSandbox", "KontextVideoTesting", "KontextVideoTestSupport", "kontext-video-bench"]))
        #expect(try Self.shippedSources().count > 50)
    }

    @Test("every required-reason category the shipped sources use is declared, with at least one reason (ITMS-91053)")
    func everyUsedCategoryIsDeclared() throws {
        let used = try Self.usedCategories()
        let declared = try Self.declaredCategories()
        // What the SDK uses today: stat/fstat in DirectoryLock, UserDefaults for the consent keys.
        #expect(used["NSPrivacyAccessedAPICategoryFileTimestamp"]?.contains("DirectoryLock.swift: fstat") == true)
        #expect(used["NSPrivacyAccessedAPICategoryUserDefaults"] != nil)
        for (type, uses) in used.sorted(by: { $0.key < $1.key }) {
            #expect(!(declared[type] ?? []).isEmpty, "\(type) is used (\(uses.sorted().joined(separator: ", "))) but the manifest gives no reason")
        }
    }

    @Test("every declared reason is one Apple's page allows for its category, and the file timestamps' is C617.1 (files in the app's container)")
    func reasonsAreApples() throws {
        let declared = try Self.declaredCategories()
        for (type, reasons) in declared {
            let allowed = try #require(Self.categories.first { $0.type == type }?.reasons, "\(type) is not a category of Apple's page")
            #expect(!reasons.isEmpty)
            #expect(Set(reasons).isSubset(of: allowed), "\(type): \(reasons)")
        }
        #expect(declared["NSPrivacyAccessedAPICategoryFileTimestamp"] == ["C617.1"])
        #expect(declared["NSPrivacyAccessedAPICategoryUserDefaults"] == ["CA92.1"])
    }

    @Test("the manifest declares no category the shipped sources do not use")
    func noStaleCategory() throws {
        let used = Set(try Self.usedCategories().keys)
        #expect(Set(try Self.declaredCategories().keys) == used)
    }

    @Test("the tokens of Swift: comments and strings are not code, interpolations and backticked names are")
    func tokenizer() {
        let source = ##"""
        // stat in a line comment
        /* fstat in a /* nested */ block comment, lstat */
        let a = "statfs in a string \(systemUptime) and \"mach_absolute_time\""
        let b = #"raw "UserDefaults" \#(activeInputModes)"#
        let c = """
            creationDate in a multi-line string \(`stat`(x))
            """
        #if os(iOS)
        let d = volumeTotalCapacityKey
        #endif
        """##
        let identifiers = Set(SwiftTokens.identifiers(in: source))
        #expect(identifiers.isSuperset(of: ["systemUptime", "activeInputModes", "stat", "x", "volumeTotalCapacityKey", "a", "b", "c", "d", "os", "iOS"]))
        #expect(identifiers.isDisjoint(with: ["fstat", "lstat", "statfs", "mach_absolute_time", "UserDefaults", "creationDate", "nested", "comment"]))
    }
}

/// The identifiers of Swift source, with comments and string literals left out (the code of a
/// string's interpolation is read). Enough of Swift's lexical grammar for a symbol scan: nested
/// block comments, raw and multi-line strings, backticked names.
enum SwiftTokens {
    static func identifiers(in source: String) -> [String] {
        var lexer = Lexer(Array(source.unicodeScalars))
        lexer.code(untilClosingParenthesis: false)
        return lexer.identifiers
    }

    private struct Lexer {
        let text: [Unicode.Scalar]
        var index = 0
        var identifiers: [String] = []

        init(_ text: [Unicode.Scalar]) { self.text = text }

        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }

        static func startsIdentifier(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic
        }

        static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
            startsIdentifier(scalar) || scalar.properties.numericType != nil
        }

        mutating func code(untilClosingParenthesis: Bool) {
            var depth = 0
            while let scalar = at(0) {
                switch scalar {
                case "/" where at(1) == "/":
                    while let next = at(0), next != "\n" { index += 1 }
                case "/" where at(1) == "*":
                    blockComment()
                case "#", "\"":
                    if !string() { index += 1 }
                case "(":
                    depth += 1
                    index += 1
                case ")":
                    index += 1
                    if untilClosingParenthesis && depth == 0 { return }
                    depth -= 1
                case "`":
                    index += 1
                    let start = index
                    while let next = at(0), next != "`", next != "\n" { index += 1 }
                    identifiers.append(String(String.UnicodeScalarView(text[start..<index])))
                    index += 1
                case _ where Self.startsIdentifier(scalar):
                    let start = index
                    while let next = at(0), Self.continuesIdentifier(next) { index += 1 }
                    identifiers.append(String(String.UnicodeScalarView(text[start..<index])))
                case _ where scalar.properties.numericType != nil:
                    // A number, `0x1F` or `1e5` included: no identifier inside.
                    while let next = at(0), Self.continuesIdentifier(next) || next == "." { index += 1 }
                default:
                    index += 1
                }
            }
        }

        mutating func blockComment() {
            var depth = 0
            while let scalar = at(0) {
                if scalar == "/", at(1) == "*" {
                    depth += 1
                    index += 2
                } else if scalar == "*", at(1) == "/" {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        /// Whether `count` `#` follow `offset`.
        func hashes(_ count: Int, at offset: Int) -> Bool {
            (0..<count).allSatisfy { at(offset + $0) == "#" }
        }

        /// Reads a string literal starting here (`"`, `"""`, `#"`, …); `false` when there is none
        /// (`#if`, `#available`).
        mutating func string() -> Bool {
            var hashCount = 0
            while at(hashCount) == "#" { hashCount += 1 }
            guard at(hashCount) == "\"" else { return false }
            let multiline = at(hashCount + 1) == "\"" && at(hashCount + 2) == "\""
            index += hashCount + (multiline ? 3 : 1)
            while let scalar = at(0) {
                if scalar == "\\", hashes(hashCount, at: 1) {
                    index += 1 + hashCount
                    if at(0) == "(" {
                        index += 1
                        code(untilClosingParenthesis: true)
                    } else {
                        index += 1
                    }
                } else if scalar == "\"", !multiline || (at(1) == "\"" && at(2) == "\""), hashes(hashCount, at: multiline ? 3 : 1) {
                    index += (multiline ? 3 : 1) + hashCount
                    return true
                } else {
                    index += 1
                }
            }
            return true
        }
    }
}
