extension Site {
  /// The site's styles, on top of the report's and the player's.
  static let style = """
    nav { margin: 0 0 18px; font-size: 14px; }
    nav a, .lessons a, .scenarios a, .used a { color: #1d5fae; }
    .part { margin-top: 36px; padding-bottom: 4px; border-bottom: 2px solid var(--rule); }
    .lessons li, .scenarios li { margin: 5px 0; }
    .lessons .concepts, .used { color: var(--muted); font-size: 13px; }
    .scenarios { list-style: none; padding-left: 0; }
    .scenarios code { margin-right: 6px; }
    .lesson p, .lesson li { max-width: 80ch; }
    .lesson p code, .lesson li code { overflow-wrap: anywhere; }
    .lesson pre { padding: 10px 14px; overflow: auto; background: #f4f6f8;
      border-radius: 6px; font-size: 13px; line-height: 1.4; }
    .lesson blockquote { margin: 10px 0; padding: 2px 14px; border-left: 4px solid var(--rule);
      color: var(--muted); }
    .run { margin: 16px 0 28px; padding: 4px 16px 16px; border: 1px solid var(--rule);
      border-radius: 8px; }
    .run .command { font-size: 14px; font-weight: bold; }
    .run h3 { margin: 16px 0 8px; font-size: 16px; }
    sup.fact a { color: #2a7a3b; text-decoration: none; font-weight: bold; }
    .fact-check { color: var(--muted); }
    """
}
