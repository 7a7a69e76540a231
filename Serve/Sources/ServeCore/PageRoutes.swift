import Foundation
import Hummingbird
import ServePage

/// The page's routes: `/` (index.html) and every other file of Serve/Page at `/NAME`, from the binary
/// (PageFiles), or with `--page-dir DIR` read from DIR at each request, so that the page can be changed
/// and reloaded without building the server. Only the names the binary embeds are served, from either
/// source: no part of a request names a file.
enum PageRoutes {
    static func add(to router: Router<BasicRequestContext>, pageDir: String?, live: Bool) {
        for name in PageFiles.all.keys.sorted() {
            let type = contentType(name)
            router.get(RouterPath(name == "index.html" ? "/" : "/\(name)")) { _, _ -> Response in
                // The live mode's entry: without an app, an empty module, and the page is the plain page.
                if name == "live.js" && !live { return Server.file("", type: type) }
                guard let bytes = file(name, pageDir: pageDir) else { throw HTTPError(.notFound) }
                return Server.file(bytes, type: type)
            }
        }
    }

    /// A file's bytes: from the page folder given, else from the binary.
    static func file(_ name: String, pageDir: String?) -> [UInt8]? {
        guard let dir = pageDir else { return PageFiles.all[name] }
        return FileManager.default.contents(atPath: (dir as NSString).appendingPathComponent(name)).map { [UInt8]($0) }
    }

    static func contentType(_ name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        return "text/javascript; charset=utf-8"
    }

    /// `--page-dir DIR` must hold the page (its index.html), or the server does not start.
    static func check(pageDir: String?) throws {
        guard let dir = pageDir else { return }
        guard FileManager.default.fileExists(atPath: (dir as NSString).appendingPathComponent("index.html")) else {
            throw ServeError("--page-dir \(dir) has no index.html: give the page's folder, Serve/Page")
        }
    }
}
