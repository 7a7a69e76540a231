extension Page {
    static let style = #"""
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html, body { margin: 0; height: 100%; overflow: hidden; }
        body { font: 13px/1.35 system-ui, sans-serif; color: #222; background: #f3f3f5; display: flex; flex-direction: column; }
        #bar { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; padding: 6px 12px;
          background: #20242c; color: #eee; }
        #bar .brand { margin-right: 8px; }
        #bar select { font: inherit; }
        #status { margin-left: auto; color: #9ad; }
        #status.bad { color: #f99; }
        #layout { flex: 1; min-height: 0; display: grid; grid-template-columns: 190px minmax(0, 1fr) 340px; }
        h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #666; margin: 8px 10px; }
        #sessions { overflow-y: auto; background: #fff; border-right: 1px solid #ddd; }
        #list { list-style: none; margin: 0; padding: 0; }
        #list li { display: flex; gap: 8px; align-items: center; padding: 5px 10px; cursor: pointer; }
        #list li:hover { background: #eef3fb; }
        #list li.selected { background: #dce8fb; font-weight: 600; }
        #list img { width: 36px; height: 64px; object-fit: contain; background: #eee; border: 1px solid #ccc; flex: none; }
        #list li.broken img { visibility: hidden; }
        #list li.broken::before { content: "!"; color: #c00; font-weight: 700; position: absolute; margin-left: 14px; }
        #list span { overflow-wrap: anywhere; }
        #empty { margin: 10px; color: #777; }
        #stage { min-width: 0; min-height: 0; display: flex; flex-direction: column; padding: 8px; gap: 6px; }
        #diagnostics { background: #fff0f0; border: 1px solid #e99; color: #900; padding: 6px 10px; border-radius: 4px;
          max-height: 30%; overflow: auto; white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 12px; }
        #diagnostics.warn { background: #fffbe8; border-color: #dc8; color: #750; }
        #pictures { flex: 1; min-height: 0; display: flex; gap: 12px; justify-content: center; align-items: flex-start;
          overflow: auto; }
        .pic { margin: 0; flex: none; display: flex; flex-direction: column; align-items: center; }
        .pic figcaption { font-size: 12px; color: #555; margin-bottom: 2px; }
        .frame { position: relative; background: #fff; box-shadow: 0 1px 6px rgba(0,0,0,.25); }
        .frame canvas { display: block; }
        .frame .overlay { position: absolute; left: 0; top: 0; cursor: crosshair; }
        #notes { max-height: 22%; overflow: auto; background: #fff; border: 1px solid #ddd; padding: 4px 8px; font-size: 12px; }
        #notes li.hit { background: #fff3c4; }
        #timeline { display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; background: #fff; border: 1px solid #ddd;
          padding: 4px 8px; }
        #scrub { flex: 1; min-width: 120px; }
        #time { min-width: 70px; font-variant-numeric: tabular-nums; }
        #captures { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 4px; max-height: 52px; overflow: auto; }
        #captures button { font: inherit; font-size: 11px; padding: 1px 6px; border: 1px solid #bbb; background: #f7f7f7;
          border-radius: 10px; cursor: pointer; }
        #captures button.tick { color: #888; border-style: dashed; }
        #captures button.on { background: #2d6cdf; color: #fff; border-color: #2d6cdf; }
        #side { display: grid; grid-template-rows: minmax(0, 2fr) minmax(0, 3fr); min-height: 0; background: #fff;
          border-left: 1px solid #ddd; }
        #treePane, #inspectorPane { overflow: auto; min-height: 0; border-bottom: 1px solid #ddd; }
        /* Each side panel is laid out and painted on its own: a new log entry, tree row or inspector
           table then costs the frame that shows the picture only that panel (docs/serve.md, "Live"). */
        #sessions, #treePane, #inspectorPane { contain: strict; }
        .frame { contain: layout; }
        .frame canvas.img { will-change: transform; }
        #tree { font-family: ui-monospace, monospace; font-size: 12px; padding: 0 6px 8px; }
        #tree details { margin-left: 12px; }
        #tree > details { margin-left: 0; }
        #tree summary, #tree .leaf { cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #tree .leaf { margin-left: 24px; }
        #tree .sel { background: #2d6cdf; color: #fff; }
        #tree .unreachable { color: #999; }
        #inspector { padding: 0 10px 10px; }
        #inspector table { border-collapse: collapse; width: 100%; font-size: 12px; }
        #inspector th { text-align: left; color: #666; font-weight: normal; padding: 1px 6px 1px 0; vertical-align: top; width: 30%; }
        #inspector td { padding: 1px 0; overflow-wrap: anywhere; }
        #inspector .src { color: #888; font-size: 11px; white-space: nowrap; }
        #inspector .src::before { content: "· "; }
        #inspector h3 { font-size: 12px; margin: 8px 0 2px; }
        #inspector .raw { font-family: ui-monospace, monospace; font-size: 11px; white-space: pre-wrap; color: #444; }
        .hint { color: #777; }
        code { font-family: ui-monospace, monospace; font-size: 11px; background: #f1f1f4; padding: 0 2px; }

        """#
}
