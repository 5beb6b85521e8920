// swift-facts: what the Python tooling (Tools/kontext_tools/swift_facts.py) reads from Swift source,
// read by the toolchain's own parser (SwiftParser) and `#if` evaluator (SwiftIfConfig), as JSON.
//
//     swift-facts CONFIGURATIONS_JSON FILE...
//
// CONFIGURATIONS_JSON names the configurations each `#if` clause is evaluated in: {"name": {"os":
// "iOS", "modules": [...], ...}} (`Configuration` below). Prints {"FILE": facts}, each file's facts:
// `tokens` (comments aside; a string or regex literal is one token, `@name` and `#name` are one),
// `imports` (each module with its line), `header` (the leading `//` comments), `clauses` (every `#if`/`#elseif`/`#else` with
// its lines, condition, the `name(argument)` calls of the condition, and whether each configuration
// compiles it: true, false, or null for "on some devices"), and `valid` (no syntax error).
// Not a product of the package: swift_facts.py compiles it with swiftc into .build/swift-facts.
import Foundation
import SwiftIfConfig
import SwiftOperators
import SwiftParser
import SwiftSyntax

struct Unknown: Error {}

/// One platform as `#if` sees it. A `nil` list makes what it would decide unknown (the clause's
/// state is null); `absent == nil` makes every module outside `modules` absent.
struct Configuration: BuildConfiguration, Decodable {
    var os: String
    var modules: Set<String>
    var absent: Set<String>?
    var flags: Set<String>?
    var arch: String?
    var environments: Set<String>?
    var runtime: String
    var compiler: String

    func isCustomConditionSet(name: String) throws -> Bool { try known(flags).contains(name) }
    func hasFeature(name: String) throws -> Bool { throw Unknown() }
    func hasAttribute(name: String) throws -> Bool { throw Unknown() }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        let module = importPath.first?.1 ?? ""
        if modules.contains(module) { return true }
        if let absent, !absent.contains(module) { throw Unknown() }
        return false
    }
    func isActiveTargetOS(name: String) throws -> Bool { (name == "OSX" ? "macOS" : name) == os }
    func isActiveTargetArchitecture(name: String) throws -> Bool { try known(arch) == name }
    func isActiveTargetEnvironment(name: String) throws -> Bool { try known(environments).contains(name) }
    func isActiveTargetRuntime(name: String) throws -> Bool { name == runtime }
    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }
    func isActiveTargetObjectFormat(name: String) throws -> Bool { throw Unknown() }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [] }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { VersionTuple(parsing: compiler) ?? VersionTuple(6) }
    var compilerVersion: VersionTuple { languageVersion }

    private func known<T>(_ value: T?) throws -> T {
        guard let value else { throw Unknown() }
        return value
    }
}

final class Reader: SyntaxVisitor {
    let converter: SourceLocationConverter
    let configurations: [String: Configuration]
    var tokens: [Any] = []
    var imports: [[Any]] = []  // [module, line]
    var clauses: [Any] = []

    init(_ converter: SourceLocationConverter, _ configurations: [String: Configuration]) {
        self.converter = converter
        self.configurations = configurations
        super.init(viewMode: .sourceAccurate)
    }

    func line(_ position: AbsolutePosition) -> Int { converter.location(for: position).line }

    /// [text, line, column, start, end] (UTF-8 offsets), then the kind when it is a literal.
    func token(_ node: some SyntaxProtocol, _ text: String) -> [Any] {
        let start = node.positionAfterSkippingLeadingTrivia
        let location = converter.location(for: start)
        return [text, location.line, location.column, start.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset]
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        var interpolations: [Any] = []
        for case .expressionSegment(let segment) in node.segments {
            let inner = Reader(converter, [:])
            inner.walk(segment.expressions)
            interpolations.append(inner.tokens)
        }
        let value: Any = node.representedLiteralValue ?? NSNull()
        tokens.append(token(node, node.trimmedDescription) + ["string", value, interpolations])
        return .skipChildren
    }

    override func visit(_ node: SimpleStringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let value = StringLiteralExprSyntax(openingQuote: node.openingQuote, segments: StringLiteralSegmentListSyntax(
            node.segments.map { .stringSegment($0) }), closingQuote: node.closingQuote).representedLiteralValue
        tokens.append(token(node, node.trimmedDescription) + ["string", value ?? NSNull(), [] as [Any]])
        return .skipChildren  // `@available(message: "…")`, `#sourceLocation(file: "…")`: no interpolation
    }

    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        tokens.append(token(node, "#/…/#") + ["regex"])  // any regex literal, `/…/` or `#/…/#`
        return .skipChildren
    }

    override func visit(_ node: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard node.presence == .present, node.tokenKind != .endOfFile else { return .skipChildren }
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        if var last = tokens.last as? [Any], let mark = last[0] as? String, mark == "@" || mark == "#",
           last[4] as? Int == start, node.text.first.map({ $0.isLetter || $0 == "_" }) == true {
            last[0] = mark + node.text  // `@available`, `#selector`: one token, as the house reads them
            last[4] = node.endPositionBeforeTrailingTrivia.utf8Offset
            tokens[tokens.count - 1] = last
        } else {
            tokens.append(token(node, node.text))
        }
        return .skipChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { imports.append([module, line(node.positionAfterSkippingLeadingTrivia)]) }
        return .visitChildren
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        var taken = configurations.mapValues { _ -> Bool? in false }
        for (index, clause) in node.clauses.enumerated() {
            let next = index + 1 < node.clauses.count
                ? node.clauses[node.clauses.index(node.clauses.startIndex, offsetBy: index + 1)].poundKeyword : node.poundEndif
            var active: [String: Any] = [:]
            for (name, configuration) in configurations {
                var value: Bool? = true
                if let condition = clause.condition { value = decide(condition, in: configuration) }
                // A clause is compiled when no earlier one was and its condition holds (three-valued).
                let before = taken[name]!
                let this: Bool? = before == true ? false : before == false ? value : (value == false ? false : nil)
                taken.updateValue(before == true || value == true ? true : (before == false && value == false ? false : nil), forKey: name)
                active[name] = this ?? NSNull()
            }
            var atoms: [Any] = []
            for call in clause.condition.map({ Calls(viewMode: .sourceAccurate).read($0) }) ?? [] { atoms.append(call) }
            let conditionEnd = clause.condition.map { line($0.endPositionBeforeTrailingTrivia) } ?? line(clause.poundKeyword.positionAfterSkippingLeadingTrivia)
            clauses.append(["line": line(clause.poundKeyword.positionAfterSkippingLeadingTrivia), "conditionEnd": conditionEnd,
                            "end": line(next.positionAfterSkippingLeadingTrivia) - 1,
                            "endif": line(node.poundEndif.positionAfterSkippingLeadingTrivia),
                            "condition": clause.condition.map { $0.trimmedDescription.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? NSNull(),
                            "atoms": atoms, "active": active] as [String: Any])
        }
        return .visitChildren
    }
}

/// Whether `condition` holds in `configuration`, in three values: `nil` when it depends on what
/// only a device decides (a custom flag, `arch`, an unknown module). SwiftIfConfig answers each
/// atom; `||`, `&&` and `!` are combined here, so that `os(Linux) || DEBUG` holds on Linux and
/// `os(watchOS) && DEBUG` does not on iOS, whatever DEBUG is (SwiftIfConfig evaluates both sides
/// and reports the unknown one as an error, which would make the whole condition unknown).
func decide(_ condition: ExprSyntax, in configuration: Configuration) -> Bool? {
    let folded = (try? OperatorTable.logicalOperators.foldAll(condition))?.as(ExprSyntax.self) ?? condition
    return decideFolded(folded, in: configuration)
}

private func decideFolded(_ expression: ExprSyntax, in configuration: Configuration) -> Bool? {
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
        return decideFolded(only.expression, in: configuration)
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
        return decideFolded(prefix.expression, in: configuration).map { !$0 }
    }
    if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
        let (left, right) = (decideFolded(infix.leftOperand, in: configuration), decideFolded(infix.rightOperand, in: configuration))
        switch op.operator.text {
        case "||": return left == true || right == true ? true : (left == false && right == false ? false : nil)
        case "&&": return left == false || right == false ? false : (left == true && right == true ? true : nil)
        default: break
        }
    }
    let (state, _, diagnostics) = IfConfigRegionState.evaluating(expression, in: configuration)
    return diagnostics.contains { $0.diagMessage.severity == .error } ? nil : state == .active
}

/// The `name(argument, …)` calls of a condition, as [name, first argument].
final class Calls: SyntaxVisitor {
    var found: [[String]] = []
    func read(_ node: some SyntaxProtocol) -> [[String]] {
        walk(node)
        return found
    }
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append([node.calledExpression.trimmedDescription, node.arguments.first?.expression.trimmedDescription ?? ""])
        return .skipChildren
    }
}

func facts(path: String, configurations: [String: Configuration]) throws -> [String: Any] {
    let tree = Parser.parse(source: try String(contentsOfFile: path, encoding: .utf8))
    let reader = Reader(SourceLocationConverter(fileName: path, tree: tree), configurations)
    reader.walk(tree)
    var header: [String] = []
    pieces: for piece in tree.firstToken(viewMode: .sourceAccurate)?.leadingTrivia ?? [] {
        switch piece {
        case .lineComment(let text), .docLineComment(let text): header.append(String(text.dropFirst(2)))
        case .blockComment, .docBlockComment: break pieces
        default: continue
        }
    }
    return ["tokens": reader.tokens, "imports": reader.imports, "clauses": reader.clauses, "header": header, "valid": !tree.hasError]
}

/// JSON for the few kinds of value above, written here: Foundation's JSONSerialization took most
/// of the run (8 s for the SDK's 430 files).
func write(_ value: Any, to out: inout String) {
    switch value {
    case let text as String:
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    case let number as Int: out += String(number)
    case let flag as Bool: out += flag ? "true" : "false"
    case let list as [Any]:
        out += "["
        for (index, element) in list.enumerated() {
            if index > 0 { out += "," }
            write(element, to: &out)
        }
        out += "]"
    case let object as [String: Any]:
        out += "{"
        for (index, (key, element)) in object.enumerated() {
            if index > 0 { out += "," }
            write(key, to: &out)
            out += ":"
            write(element, to: &out)
        }
        out += "}"
    default: out += "null"
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let first = arguments.first else {
    FileHandle.standardError.write(Data("usage: swift-facts CONFIGURATIONS_JSON FILE...\n".utf8))
    exit(2)
}
do {
    let configurations = try JSONDecoder().decode([String: Configuration].self, from: Data(first.utf8))
    var output: [String: Any] = [:]
    for path in arguments.dropFirst() { output[path] = try facts(path: path, configurations: configurations) }
    var json = ""
    write(output, to: &json)
    FileHandle.standardOutput.write(Data(json.utf8))
} catch {
    FileHandle.standardError.write(Data("swift-facts: \(error)\n".utf8))
    exit(1)
}
