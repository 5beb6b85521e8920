import Foundation

/// VAST documents shaped to be the worst a server can send the reader, each built to a requested
/// size (`kontext-video-bench vast` uses 1 MiB, half the reader's 2 MiB limit): what an attacker
/// controls is the shape, and each shape piles up one thing a reader may handle in more than
/// linear time. Every shape is well-formed VAST that parses to one ad, unless its note says it is
/// refused, so the model reader's walk is in the measure too.
enum HostileVASTShapes {
    /// One shape: `build(bytes)` gives a document of about `bytes` bytes (never more than 2 KiB over).
    struct Shape: Sendable {
        let name: String
        let build: @Sendable (Int) -> Data
    }

    static let all: [Shape] = [
        Shape(name: "attributes, one element") { size in
            // 100,000 attributes on one <MediaFile> at 1 MiB; the model reader looks up 14 names on it.
            inMediaFiles(size) { body, room in
                body += #"<MediaFile delivery="progressive" type="video/mp4" width="640" height="360""#
                var index = 0
                while body.utf8.count < room {
                    body += " a\(index)=\"v\""
                    index += 1
                }
                body += ">https://media.example.com/a.mp4</MediaFile>"
            }
        },
        Shape(name: "attributes, 1,000 per element") { size in
            inMediaFiles(size) { body, room in
                var element = 0
                while body.utf8.count < room {
                    body += #"<MediaFile delivery="progressive" type="video/mp4" width="640" height="360""#
                    for index in 0..<1000 { body += " a\(index)=\"\(element)\"" }
                    body += ">https://media.example.com/\(element).mp4</MediaFile>"
                    element += 1
                }
            }
        },
        Shape(name: "long names") { size in
            // An extension (kept raw) whose element and 64 attribute names are long and alike but
            // for their last characters: every comparison of two names reads them whole.
            let length = max(8, size / 200)
            let stem = String(repeating: "n", count: length)
            return inExtension(size) { body, room in
                while body.utf8.count < room {
                    body += "<\(stem)e"
                    for index in 0..<64 { body += " \(stem)\(index)=\"\"" }
                    body += "></\(stem)e>"
                }
            }
        },
        Shape(name: "long attribute value") { size in
            inMediaFiles(size) { body, room in
                body += #"<MediaFile delivery="progressive" type="video/mp4" width="640" height="360" codec=""#
                body += String(repeating: "x", count: max(0, room - body.utf8.count))
                body += #"">https://media.example.com/a.mp4</MediaFile>"#
            }
        },
        Shape(name: "long text, ASCII", build: longText),
        Shape(name: "long text, non-ASCII, trimmed") { size in
            // <Description> is read trimmed; text ending in a non-ASCII character takes Foundation's trim.
            inAd(size) { body, room in
                body += "<Description> "
                body += String(repeating: "é", count: max(0, room - body.utf8.count) / 2)
                body += "\u{A0}</Description>"
            }
        },
        Shape(name: "deep nesting") { size in
            // Subtrees 120 deep (the reader's limit is 128 in all), text at every level, one after another.
            inExtension(size) { body, room in
                while body.utf8.count < room {
                    for _ in 0..<120 { body += "<d>t" }
                    for _ in 0..<120 { body += "t</d>" }
                }
            }
        },
        Shape(name: "many siblings") { size in
            // Unknown elements beside the ones the model reader looks for: each lookup walks them all.
            inAd(size) { body, room in
                while body.utf8.count < room { body += "<Zzz/>" }
            }
        },
        Shape(name: "many character references") { size in
            inLinear(size) { body, room in
                body += "<AdParameters>"
                while body.utf8.count < room { body += "&#x41;&amp;&#233;&#128512;&lt;" }
                body += "</AdParameters>"
            }
        },
        Shape(name: "references in attribute values") { size in
            inMediaFiles(size) { body, room in
                body += #"<MediaFile delivery="progressive" type="video/mp4" width="640" height="360" codec=""#
                while body.utf8.count < room { body += "&#x41;&amp;&#233;&quot;&#9;" }
                body += #"">https://media.example.com/a.mp4</MediaFile>"#
            }
        },
        Shape(name: "many comments and CDATA") { size in
            inLinear(size) { body, room in
                body += "<AdParameters>"
                while body.utf8.count < room { body += "<!-- c --><![CDATA[x]]>" }
                body += "</AdParameters>"
            }
        },
        Shape(name: "many prefixed attributes") { size in
            // Every attribute's local name is one the model reader asks for, each under a prefix.
            inMediaFiles(size) { body, room in
                body += "<MediaFile"
                var index = 0
                while body.utf8.count < room {
                    body += " p\(index):type=\"t\" p\(index):width=\"1\""
                    index += 1
                }
                body += ">https://media.example.com/a.mp4</MediaFile>"
            }
        },
        Shape(name: "many tracking events") { size in
            inLinear(size) { body, room in
                body += "<TrackingEvents>"
                var index = 0
                while body.utf8.count < room {
                    body += #"<Tracking event="progress" offset="00:00:01">https://t.example.com/\#(index)</Tracking>"#
                    index += 1
                }
                body += "</TrackingEvents>"
            }
        },
        Shape(name: "many ads") { size in
            var body = #"<?xml version="1.0" encoding="UTF-8"?><VAST version="4.2">"#
            var index = 0
            while body.utf8.count < size - 300 {
                body += #"<Ad id="\#(index)"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>"#
                    + "<Impression>https://i.example.com/\(index)</Impression></InLine></Ad>"
                index += 1
            }
            return Data((body + "</VAST>").utf8)
        },
        Shape(name: "refused at the last byte") { size in
            // Well-formed up to its last byte (`</VAST!`): refused (100) after reading everything.
            var data = longText(size)
            data[data.count - 1] = UInt8(ascii: "!")
            return data
        },
    ]

    /// One `<AdParameters>` of plain ASCII text.
    private static func longText(_ size: Int) -> Data {
        inLinear(size) { body, room in
            body += "<AdParameters>"
            body += String(repeating: "a", count: max(0, room - body.utf8.count))
            body += "</AdParameters>"
        }
    }

    // MARK: - Envelopes

    private static let adHead = #"<?xml version="1.0" encoding="UTF-8"?><VAST version="4.2"><Ad id="hostile"><InLine>"#
        + "<AdSystem>bench</AdSystem><AdTitle>hostile</AdTitle><Impression>https://i.example.com/1</Impression>"
    private static let adTail = "</InLine></Ad></VAST>"
    private static let linearHead = "<Creatives><Creative><Linear><Duration>00:00:10</Duration>"
    private static let linearTail = "</Linear></Creative></Creatives>"

    /// `fill` writes into the body of an `<InLine>`, up to `room` bytes of the whole.
    private static func inAd(_ size: Int, _ fill: (inout String, Int) -> Void) -> Data {
        var body = adHead
        fill(&body, size - adTail.utf8.count)
        return Data((body + adTail).utf8)
    }

    /// `fill` writes into a `<Linear>`.
    private static func inLinear(_ size: Int, _ fill: (inout String, Int) -> Void) -> Data {
        inAd(size) { body, room in
            body += linearHead
            fill(&body, room - linearTail.utf8.count)
            body += linearTail
        }
    }

    /// `fill` writes into a `<MediaFiles>`.
    private static func inMediaFiles(_ size: Int, _ fill: (inout String, Int) -> Void) -> Data {
        inLinear(size) { body, room in
            body += "<MediaFiles>"
            fill(&body, room - "</MediaFiles>".utf8.count)
            body += "</MediaFiles>"
        }
    }

    /// `fill` writes into an `<Extension>`, which the model keeps raw.
    private static func inExtension(_ size: Int, _ fill: (inout String, Int) -> Void) -> Data {
        inAd(size) { body, room in
            body += #"<Extensions><Extension type="bench">"#
            fill(&body, room - "</Extension></Extensions>".utf8.count)
            body += "</Extension></Extensions>"
        }
    }
}
