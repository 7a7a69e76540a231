import Foundation
import TestSupport
import Testing

@testable import Gallery
@testable import Snapshots

/// The gallery in a real browser: headless Chromium opens a gallery of three shared sessions from
/// `file://`, runs its script, and must log no console error, load every image, show as many cards
/// as the builder made, and filter and switch compare views. Without Chromium the test says so
/// loudly and is skipped, unless PREVIEW_REQUIRE_CHROMIUM=1 (CI), where it fails.
struct GalleryBrowserTests {
    typealias S = Support

    static let sessions = ["login-form", "states-matrix", "linear-weights"]

    @Test func galleryLoadsInHeadlessChromiumWithoutErrorsAndShowsEveryCard() throws {
        guard let chromium = Chromium.find() else {
            let banner = """

                ********************************************************************************
                * GalleryBrowserTests: NO CHROMIUM FOUND (looked for chromium, chromium-browser, *
                * google-chrome on PATH and /usr/bin). The gallery was NOT tested in a browser.  *
                * Install it: sudo apt-get install chromium                                      *
                ********************************************************************************

                """
            FileHandle.standardError.write(Data(banner.utf8))
            if ProcessInfo.processInfo.environment["PREVIEW_REQUIRE_CHROMIUM"] == "1" {
                Issue.record("chromium is required (PREVIEW_REQUIRE_CHROMIUM=1) but was not found")
            }
            return
        }
        let dir = S.tempDir("browser")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var o = GalleryOptions(outputDirectory: dir + "/g", fontsDirectory: S.fonts)
        o.themes = ["default"]
        o.snapshotsDirectory = S.root + "/Snapshots"  // expected vs actual views where goldens exist
        o.workers = 2
        // And a session whose snapshot name is far wider than a card: its caption must not widen it.
        let long = S.writeSession(in: dir, name: "long-name")
        let longName = "after-the-user-has-scrolled-to-the-very-end-of-the-list-and-opened-the-settings"
        try String(contentsOfFile: long, encoding: .utf8).replacingOccurrences(
            of: "\"name\": \"start\"", with: "\"name\": \"\(longName)\""
        )
        .write(toFile: long, atomically: true, encoding: .utf8)
        let manifest = try GalleryBuilder(options: o).build(
            sessions: Self.sessions.map { S.root + "/Examples/\($0).json" } + [long])
        #expect(manifest.sessions == Self.sessions + ["long-name"])
        #expect(manifest.cards.contains { $0.snapshot == longName })
        let compareCards = manifest.cards.filter { $0.golden != nil }.count
        #expect(compareCards > 0, "the shared goldens give expected vs actual cards")

        // A copy of the page with a probe: errors (scripts and images) recorded from the start, and
        // at the end a self-test that counts cards, loads every image, clicks filters and compare modes.
        let html = try String(contentsOfFile: dir + "/g/index.html", encoding: .utf8)
        let probe = html.replacingOccurrences(of: "<head>", with: "<head><script>\(Self.headProbe)</script>")
            .replacingOccurrences(of: "</body>", with: "<script>\(Self.selfTest)</script></body>")
        #expect(probe.count > html.count + 500)
        try probe.write(toFile: dir + "/g/selftest.html", atomically: true, encoding: .utf8)

        let run = try chromium.dumpDOM(file: dir + "/g/selftest.html")
        // Console messages are logged as `...:INFO:CONSOLE(12)] "message", source: ...`; the page logs none.
        let console = run.log.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
        #expect(console.isEmpty, "console: \(console.joined(separator: "\n"))")
        let dom = run.dom
        func attr(_ name: String) -> String? {
            guard let r = dom.range(of: "\(name)=\"") else { return nil }
            return String(dom[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(attr("data-selftest") == "done", "the self-test did not finish; DOM starts: \(dom.prefix(300))")
        #expect(attr("data-errors") == "0", "errors: \(attr("data-error-list") ?? "")")
        #expect(attr("data-cards") == String(manifest.cards.count))
        #expect(dom.components(separatedBy: "<figure class=\"card").count - 1 == manifest.cards.count)
        #expect(attr("data-sessions") == String(manifest.sessions.count))
        let images = Int(attr("data-images") ?? "") ?? 0
        #expect(images >= manifest.cards.count, "every card shows at least one image")
        #expect(attr("data-broken-images") == "0")
        #expect(attr("data-filters") == "ok", "filter check: \(attr("data-filters") ?? "nil")")
        #expect(
            attr("data-compare") == (compareCards > 0 ? "ok" : "none"),
            "compare views: \(attr("data-compare") ?? "nil")")
        // At 1400 px: several columns, every card inside its column(s), and every row but a grid's last full.
        #expect(
            Int(attr("data-columns") ?? "") ?? 0 >= 4, "columns per grid at 1400 px: \(attr("data-columns") ?? "nil")")
        #expect(attr("data-overflow") == "none", "cards wider than their columns: \(attr("data-overflow") ?? "nil")")
        #expect(
            attr("data-row-gaps") == "none",
            "rows with a gap wider than a card at the right: \(attr("data-row-gaps") ?? "nil")")
    }

    /// Records script errors and failed resource loads (capture phase: image errors do not bubble).
    static let headProbe = """
        window.__errors=[];window.addEventListener('error',function(e){var t=e.target;
        window.__errors.push(t&&t.tagName?('failed to load '+(t.src||t.href)):('error '+e.message));},true);
        """

    /// Runs after the gallery's own script; writes its findings as attributes of <html>.
    static let selfTest = """
        (function(){
          var H=document.documentElement;
          function cards(sel){return document.querySelectorAll(sel).length}
          H.setAttribute('data-cards',cards('.card'));
          H.setAttribute('data-sessions',cards('section.session'));
          var imgs=Array.prototype.slice.call(document.querySelectorAll('img'));
          H.setAttribute('data-images',imgs.length);
          imgs.forEach(function(i){i.loading='eager'});
          // Filters: each button leaves exactly the cards of its status on screen (all: every one).
          var bad=[];
          document.querySelectorAll('#filters button').forEach(function(b){
            b.click();var f=b.getAttribute('data-filter');
            var shown=Array.prototype.filter.call(document.querySelectorAll('.card'),function(c){return \
        c.offsetParent!==null}).length;
            var want=f==='all'?cards('.card'):cards('.card[data-status="'+f+'"]');
            if(shown!==want||want===0)bad.push(f+':'+shown+'/'+want);
          });
          document.querySelector('#filters button[data-filter="all"]').click();
          H.setAttribute('data-filters',bad.length?bad.join(','):'ok');
          // Compare views: onion skin and slider show their stacks and follow their range inputs.
          var cmp=document.querySelector('.cmp'),c='none';
          if(cmp){
            cmp.querySelector('.modes button[data-mode="onion"]').click();
            var onion=getComputedStyle(cmp.querySelector('.onion')).display==='block'
              &&getComputedStyle(cmp.querySelector('.side')).display==='none';
            var o=cmp.querySelector('.opacity');o.value=20;o.dispatchEvent(new Event('input'));
            var op=cmp.querySelector('.onion .top').style.opacity==='0.2';
            cmp.querySelector('.modes button[data-mode="slider"]').click();
            var w=cmp.querySelector('.wipe');w.value=30;w.dispatchEvent(new Event('input'));
            var sl=getComputedStyle(cmp.querySelector('.slider')).display==='block'&&cmp.querySelector('.slider \
        .top').style.clipPath.indexOf('30%')>=0;
            c=(onion&&op&&sl)?'ok':('onion '+onion+' opacity '+op+' slider '+sl);
          }
          H.setAttribute('data-compare',c);
          // Layout at this window width: each card's box within the columns it spans (content included:
          // a long caption must not widen it), and in each grid every row but the last full (the gap at
          // its right narrower than one column).
          var over=[],gaps=[],cols=0;
          document.querySelectorAll('.grid').forEach(function(g,gi){
            var gr=g.getBoundingClientRect(),tracks=getComputedStyle(g).gridTemplateColumns.split(' ').map(parseFloat);
            var colW=tracks[0],gap=parseFloat(getComputedStyle(g).columnGap)||0;cols=Math.max(cols,tracks.length);
            var rows={};
            Array.prototype.forEach.call(g.children,function(c){
              var r=c.getBoundingClientRect(),span=Math.round((r.width+gap)/(colW+gap));
              if(r.right>gr.right+0.5||Math.abs(r.width-(span*colW+(span-1)*gap))>1||c.scrollWidth>c.clientWidth+1)
                over.push(gi+':'+(c.querySelector('figcaption')||c).textContent.slice(0,40)+' \
        '+Math.round(r.width)+'/'+Math.round(colW));
              var top=Math.round(r.top);rows[top]=Math.max(rows[top]||0,r.right);
            });
            var tops=Object.keys(rows).map(Number).sort(function(a,b){return a-b});
            tops.slice(0,-1).forEach(function(t){if(gr.right-rows[t]>\
        colW)gaps.push(gi+'@'+t+':'+Math.round(gr.right-rows[t]))});
          });
          H.setAttribute('data-columns',cols);
          H.setAttribute('data-overflow',over.length?over.slice(0,5).join(' | '):'none');
          H.setAttribute('data-row-gaps',gaps.length?gaps.slice(0,5).join(' | '):'none');
          Promise.all(imgs.map(function(i){return i.complete?0:new Promise(function(r){i.addEventListener('load',r);\
        i.addEventListener('error',r)})}))
          .then(function(){
            H.setAttribute('data-broken-images',imgs.filter(function(i){return !(i.naturalWidth>0)}).length);
            H.setAttribute('data-errors',window.__errors.length);
            H.setAttribute('data-error-list',window.__errors.slice(0,5).join(' | '));
            H.setAttribute('data-selftest','done');
          });
        })();
        """
}

/// Headless Chromium as a test tool: finds the binary and dumps a page's DOM after its scripts ran.
struct Chromium {
    var path: String

    static func find() -> Chromium? {
        let names = ["chromium", "chromium-browser", "google-chrome"]
        let dirs =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin"]
        for n in names {
            for d in dirs where FileManager.default.isExecutableFile(atPath: d + "/" + n) {
                return Chromium(path: d + "/" + n)
            }
        }
        return nil
    }

    /// The serialized DOM and Chromium's log (stderr, where console messages go).
    func dumpDOM(file: String, extra: [String] = []) throws -> (dom: String, log: String) {
        let dir = try TemporaryFolder.make("chromium-profile")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (out, err) = try run(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=" + dir,
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--window-size=1400,1000",
            ]
                + extra + ["--dump-dom", URL(fileURLWithPath: file).absoluteString])
        return (out, err)
    }

    /// Runs Chromium with a 60 s limit; returns stdout and stderr.
    func run(_ args: [String]) throws -> (String, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read both pipes while it runs, so a full pipe cannot stall it.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let killer = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killer)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        killer.cancel()
        group.wait()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self))
    }
}
