extension HTMLReport {
  /// The pages' styles: the report's, the player's and the site's.
  static let style = """
    :root { --blocked: #e09f1f; --stall: #d1342f; --running: #2e9e52; --suspended: #9cc7e6;
      --ink: #1d232b; --muted: #5d6875; --rule: #d9dee4; --band: #fbe3e2; }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1040px; padding: 28px 32px 48px; color: var(--ink);
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
    header .name { margin: 0; color: var(--muted);
      font: 13px ui-monospace, "DejaVu Sans Mono", monospace; }
    h1 { margin: 2px 0 8px; font-size: 24px; line-height: 1.25; }
    h2 { margin: 28px 0 10px; font-size: 18px; }
    .summary { margin: 0 0 8px; max-width: 80ch; }
    .meta { margin: 0; color: var(--muted); font-size: 13px; }
    .problem { padding: 10px 14px; border-left: 4px solid var(--stall); background: var(--band); }
    .verdict { margin-left: 8px; padding: 1px 8px; border-radius: 9px; font-size: 13px;
      color: white; vertical-align: 2px; }
    .verdict.pass, .check-list .pass .icon { background: var(--running); }
    .verdict.fail, .check-list .fail .icon { background: var(--stall); }
    .check-list { margin: 0; padding: 0; list-style: none; }
    .check-list li { margin: 4px 0; }
    .check-list .icon { display: inline-block; width: 18px; height: 18px; margin-right: 4px;
      border-radius: 9px; color: white; font-size: 12px; line-height: 18px; text-align: center; }
    .check-list .fail { color: #8f1f1b; }
    .values { color: var(--muted); font-size: 14px; }
    .note { color: var(--muted); font-size: 13px; font-style: italic; }
    code, td, th { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
    svg { display: block; width: 100%; height: auto; }
    svg text { font: 11px ui-monospace, "DejaVu Sans Mono", monospace; fill: var(--ink); }
    svg .label { font-size: 12px; }
    svg .section { font: bold 11px system-ui, "DejaVu Sans", sans-serif; fill: var(--muted);
      letter-spacing: 0.06em; }
    svg .tick { fill: var(--muted); font-size: 10px; }
    svg .grid { stroke: var(--rule); stroke-width: 1; }
    svg .row-bg { fill: #c9d1da; fill-opacity: 0.22; }
    svg .blocked, svg .stall, svg .running { stroke: white; stroke-width: 0.75; }
    svg .blocked { fill: var(--blocked); }
    svg .stall { fill: var(--stall); }
    svg .running { fill: var(--running); }
    svg .suspended { fill: var(--suspended); fill-opacity: 0.55; stroke: #4f8fbf;
      stroke-dasharray: 3 2; }
    svg .instant { stroke: var(--running); stroke-width: 1.5; }
    svg .join { fill: none; stroke: #2f6f9f; stroke-width: 1.5; stroke-opacity: 0.9; }
    svg .join-head { fill: #2f6f9f; }
    svg .stall-band { fill: var(--band); }
    svg .stall-text { fill: var(--stall); font-weight: bold; }
    svg .inside { fill: white; font-size: 10px; }
    svg .note { fill: #1f4f75; font-size: 10px; }
    svg .outcome { fill: var(--muted); font-size: 10px; }
    svg .m-cancel { fill: #9b2fae; }
    svg .m-throw { fill: var(--stall); }
    svg .m-race { fill: var(--stall); }
    svg .m-leak { fill: #b07900; }
    svg .mark-text { font: bold 13px system-ui, "DejaVu Sans", sans-serif; }
    .legend { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 10px 0 0; padding: 0;
      list-style: none; color: var(--muted); font-size: 13px; }
    .swatch { display: inline-block; width: 22px; height: 11px; margin-right: 4px;
      vertical-align: -1px; }
    .swatch.blocked { background: var(--blocked); }
    .swatch.running { background: var(--running); }
    .swatch.instant { width: 3px; margin: 0 8px 0 9px; background: var(--running); }
    .swatch.suspended { background: #cfe3f2; border: 1px dashed #4f8fbf; }
    .swatch.stall { background: var(--stall); box-shadow: 0 0 0 3px var(--band); }
    .swatch.join { height: 2px; background: #2f6f9f; vertical-align: 4px; }
    .mark { font-weight: bold; }
    .m-cancel { color: #9b2fae; }
    .m-throw, .m-race { color: var(--stall); }
    .m-leak { color: #b07900; }
    table { width: 100%; border-collapse: collapse; font-size: 12.5px; }
    th { text-align: left; color: var(--muted); font-weight: normal; padding: 4px 8px;
      border-bottom: 2px solid var(--rule); }
    td { padding: 2px 8px; border-bottom: 1px solid #eef1f4; vertical-align: top; }
    td, th { white-space: nowrap; }
    td:last-child, th:last-child { width: 99%; white-space: normal; }
    .num { text-align: right; }
    .kind { font-weight: bold; }
    tr.k-block .kind { color: #a8700c; }
    tr.k-await .kind, tr.k-sleep .kind, tr.k-resume .kind, tr.k-wake .kind { color: #2f6f9f; }
    tr.k-hop .kind, tr.k-start .kind, tr.k-end .kind { color: var(--running); }
    tr.k-cancel, tr.k-throw, tr.k-race { background: var(--band); }
    tr.k-cancel .kind, tr.k-throw .kind, tr.k-race .kind { color: var(--stall); }
    .count { color: var(--muted); font-weight: normal; font-size: 14px; }
    footer { margin-top: 24px; color: var(--muted); font-size: 13px; }
    .swift pre { padding: 10px 14px; overflow: auto; background: #f4f6f8;
      border-radius: 6px; font-size: 13px; line-height: 1.4; }
    """
}

extension HTMLReport {
  /// The player's styles: the controls, the marks and cursor, the current trace line. On a phone:
  /// the timeline keeps 820 px (its 11-unit text drawn at 9 px of the 980-unit picture) and
  /// scrolls in its box, long event text wraps, the help names what there is to press, and each
  /// trace row is stacked: its number, time, thread, task and kind on a line, its details under
  /// them at the box's whole width (as a column, they had 40 px and broke letter by letter).
  static let playerStyle = """
    .controls { position: sticky; top: 0; z-index: 1; margin: 12px 0 4px; padding: 8px 10px;
      background: #f4f6f8; border: 1px solid var(--rule); border-radius: 6px; }
    .controls button { min-width: 34px; padding: 3px 8px; font-size: 14px; cursor: pointer; }
    .controls input[type=range] { width: 55%; vertical-align: middle; margin: 0 8px; }
    .controls .position { margin-left: 10px; color: var(--muted); font-size: 13px; }
    .controls p { margin: 6px 0 0; font-size: 13px; }
    .now-text { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
    .controls .keys, .controls .link { color: var(--muted); font-size: 12px; }
    svg .ev { fill: #1d232b; fill-opacity: 0; cursor: pointer; }
    svg .ev:hover { fill-opacity: 0.25; }
    svg .ev.current { fill: #1d6fd6; fill-opacity: 0.9; }
    svg .cursor { stroke: #1d6fd6; stroke-width: 1.5; stroke-opacity: 0.7; }
    .trace-box { position: relative; max-height: 460px; overflow: auto;
      border: 1px solid var(--rule); }
    .trace-box thead th { position: sticky; top: 0; background: white; }
    tr[data-i] { cursor: pointer; }
    tr[data-i]:hover { background: #f1f5fa; }
    tr[aria-current] { background: #d6e6fb; outline: 2px solid #1d6fd6; outline-offset: -2px; }
    .now-text, .values-text, td:last-child { overflow-wrap: anywhere; }
    .timeline-box { overflow-x: auto; }
    .timeline-box svg { min-width: 820px; }
    .keys-touch { display: none; }
    @media not all and (hover: hover) and (pointer: fine) {
      .keys-pointer { display: none; }
      .keys-touch { display: block; }
    }
    @media (max-width: 600px) {
      body { padding: 16px 12px 32px; }
      .controls input[type=range] { width: calc(100% - 100px); }
      .controls .position { display: block; margin: 4px 0 0; }
      .trace-box thead { display: none; }
      .trace-box table, .trace-box tbody { display: block; }
      .trace-box tr { display: flex; flex-wrap: wrap; column-gap: 10px; padding: 2px 6px;
        border-bottom: 1px solid #eef1f4; }
      .trace-box td { padding: 0; border: 0; }
      .trace-box td:first-child { color: var(--muted); }
      .trace-box td:nth-child(2)::after { content: " ms"; }
      .trace-box td:last-child { flex: 1 0 100%; width: auto; padding-left: 3ch; }
      .trace-box td:last-child:empty { display: none; }
    }
    """
}
