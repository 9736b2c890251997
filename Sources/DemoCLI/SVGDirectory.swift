import Glibc
import InteractionKitPictures
import InteractionKitReplay

/// Writes a replay's pictures as `frame-NNN.svg` files and an `index.html`
/// into a folder, replacing the frames an earlier run left there (only
/// files whose names match `frame-NNN.svg`; nothing else is touched).
///
/// Failures are sentences (`… exists and is not a folder`, `… permission
/// denied`), never a raw Foundation error.
enum SVGDirectory {
    /// Why the pictures could not be written.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// The sentence to print after "cannot write SVG pictures to DIR: ".
        var description: String
    }

    /// The name of frame number `number` (from 1): `frame-001.svg`.
    static func frameName(_ number: Int) -> String {
        "frame-" + String(number).leftPaddedWithZeros(to: 3) + ".svg"
    }

    /// Whether `name` is one this writer gives frames: `frame-`, three or
    /// more digits, `.svg`.
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".svg") else { return false }
        let digits = name.dropFirst("frame-".count).dropLast(".svg".count)
        return digits.count >= 3 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The widest a picture is shown on the index page, in CSS pixels: a
    /// phone-sized window (390 points) at its own size, a larger one scaled down.
    static let thumbnailWidth = 390.0

    /// Makes sure the pictures can go to `directory` before anything is
    /// replayed: creates it (and its missing parents) and checks that it is
    /// a folder this process may write in, so that a bad `--svg` fails at
    /// once, not after the whole transcript has printed.
    static func prepare(_ directory: String) throws(Failure) {
        try makeDirectory(directory)
        guard access(directory, W_OK | X_OK) == 0 else {
            throw Failure(description: "cannot write in the folder: \(BoundedFile.systemMessage(errno))")
        }
    }

    /// Writes one SVG file per frame and an index page; returns how many frames.
    static func write(_ replay: Replay, to directory: String) throws(Failure) -> Int {
        try makeDirectory(directory)
        try removeOldFrames(in: directory)
        for (index, frame) in replay.frames.enumerated() {
            try writeFile(SVGPicture.render(frame.snapshot), to: join(directory, frameName(index + 1)))
        }
        try writeFile(indexPage(replay), to: join(directory, "index.html"))
        return replay.frames.count
    }

    /// The index page: the script's name, a key to the drawing (a swatch and
    /// a sentence a mark), then the pictures, each large enough to read,
    /// with its time and caption, linking to the full SVG.
    static func indexPage(_ replay: Replay) -> String {
        let size = replay.script.scene.windowSize
        let windowWidth = size.width.isFinite && size.width > 0 ? size.width : thumbnailWidth
        let width = Int(min(windowWidth, thumbnailWidth).rounded())
        let count = replay.frames.count
        var page = """
            <!doctype html>
            <meta charset="utf-8">
            <title>\(escapeHTML(replay.script.file))</title>
            <style>
            body{font-family:sans-serif;margin:24px;color:#1c1c1e;line-height:1.4}
            h2{margin-top:32px}
            .key{display:grid;grid-template-columns:120px minmax(0,640px);gap:10px 16px;align-items:center;margin:0}
            .key dt svg{display:block}
            .key dd{margin:0}
            .frames{display:flex;flex-wrap:wrap;gap:28px}
            figure{margin:0;width:\(width)px}
            figure img{display:block;width:\(width)px;height:auto}
            figcaption{margin-top:6px}
            </style>
            <h1>\(escapeHTML(replay.script.file))</h1>
            <p>\(count) picture\(count == 1 ? "" : "s") of the screen, taken when the replay starts, whenever the HUD, \
            the selection, a button's highlight or the keyboard focus changes, and at the end. Each is a phone screen of \
            \(NumberFormatting.fixed(size.width, decimals: 0)) × \(NumberFormatting.fixed(size.height, decimals: 0)) points; \
            click one to open it on its own.</p>
            <h2>Key</h2>
            <dl class="key">

            """
        for entry in SVGPicture.key() {
            page += "<dt>\(entry.swatch)</dt><dd>\(escapeHTML(entry.meaning))</dd>\n"
        }
        page += "</dl>\n<h2>Pictures</h2>\n<div class=\"frames\">\n"
        for (index, frame) in replay.frames.enumerated() {
            let name = frameName(index + 1)
            let time = NumberFormatting.fixed(frame.snapshot.time, decimals: 3) + " s"
            page += "<figure><a href=\"\(name)\"><img src=\"\(name)\" width=\"\(width)\" alt=\"\(escapeHTML(time))\"></a>"
                + "<figcaption><b>\(escapeHTML(time))</b> — \(escapeHTML(frame.snapshot.caption))</figcaption></figure>\n"
        }
        return page + "</div>\n"
    }

    /// `directory/name`.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Creates `path` and its missing parents; fails when something on the
    /// way is not a folder.
    static func makeDirectory(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            var status = stat()
            if stat(prefix, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw Failure(description: "'\(prefix)' exists and is not a folder")
                }
            } else if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw Failure(description: "cannot create the folder '\(prefix)': \(BoundedFile.systemMessage(errno))")
            }
            prefix += "/"
        }
    }

    /// Removes the `frame-NNN.svg` files (regular files only) in `directory`.
    static func removeOldFrames(in directory: String) throws(Failure) {
        guard let stream = opendir(directory) else {
            throw Failure(description: "cannot list the folder: \(BoundedFile.systemMessage(errno))")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if isFrameName(name) { names.append(name) }
        }
        for name in names {
            let path = join(directory, name)
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            guard unlink(path) == 0 else {
                throw Failure(description: "cannot remove the old frame '\(path)': \(BoundedFile.systemMessage(errno))")
            }
        }
    }

    /// Writes `text` to the file at `path`, replacing it.
    static func writeFile(_ text: String, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot write '\(path)': \(BoundedFile.systemMessage(errno))")
        }
        var failure: Int32 = 0
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += count
            }
        }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            throw Failure(description: "cannot write '\(path)': \(BoundedFile.systemMessage(failure))")
        }
    }

    /// `text` for HTML: control characters escaped as in the transcript, then `& < > "` as entities.
    static func escapeHTML(_ text: String) -> String {
        var result = ""
        for character in TranscriptFormatter.escapingControlCharacters(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
