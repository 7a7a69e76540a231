/// The page `render serve` serves: plain HTML, CSS and JavaScript in the binary, nothing fetched
/// from anywhere else (no npm, no CDN). PageStyle.swift and PageScript.swift hold the other two files;
/// PageA11y.swift the accessibility panel, LivePage.swift the live app's controls.
enum Page {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>render serve</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="/app.css">
        </head>
        <body>
        <header id="bar">
          <strong class="brand">render serve</strong>
          <label>Device <select id="device"></select></label>
          <label>Look <select id="look"></select></label>
          <label>Font scale <select id="fontScale">
            <option>0.85</option><option selected>1</option><option>1.15</option><option>1.3</option>
            <option>1.5</option><option>2</option></select></label>
          <label><input type="checkbox" id="sideBySide"> iOS | Android</label>
          <label title="Scale the picture to fit; off: 1 CSS pixel per dp"><input type="checkbox" id="fit" checked> Fit</label>
          <span id="status">connecting…</span>
        </header>
        <main id="layout">
          <nav id="sessions" aria-label="Sessions">
            <h2>Sessions</h2>
            <ul id="list"></ul>
            <p id="empty" hidden>No sessions in this folder yet: save a session file here and it appears.</p>
          </nav>
          <section id="stage">
            <div id="diagnostics" hidden></div>
            <div id="pictures">
              <figure class="pic" data-slot="main"><figcaption></figcaption>
                <div class="frame"><canvas class="img"></canvas><canvas class="overlay"></canvas></div></figure>
              <figure class="pic" data-slot="ios" hidden><figcaption>iOS</figcaption>
                <div class="frame"><canvas class="img"></canvas><canvas class="overlay"></canvas></div></figure>
              <figure class="pic" data-slot="android" hidden><figcaption>Android</figcaption>
                <div class="frame"><canvas class="img"></canvas><canvas class="overlay"></canvas></div></figure>
            </div>
            <div id="notes" hidden></div>
            <details id="a11yPane"><summary>Accessibility <span id="a11yCount"></span></summary><div id="a11y"></div></details>
            <div id="timeline">
              <button id="play" title="Play at real speed">▶</button>
              <input id="scrub" type="range" min="0" max="0" value="0" aria-label="Time">
              <span id="time">final</span>
              <div id="captures"></div>
            </div>
          </section>
          <aside id="side">
            <section id="treePane"><h2>Elements</h2><div id="tree"></div></section>
            <section id="inspectorPane"><h2>Inspector</h2>
              <div id="inspector"><p class="hint">Hover the picture to inspect an element; click to select it.</p></div>
            </section>
          </aside>
        </main>
        <script src="/app.js"></script>
        <script src="/a11y.js"></script>
        <script src="/live.js"></script>
        </body>
        </html>

        """#
}
