extension Site {
  /// The challenge page's script: it walks `challengeTree` (`ChallengeTree.json`), which the lab
  /// computed, and writes only text (`textContent`), never markup. It runs nothing of a scenario.
  /// The address holds where the learner is: `#moves=0.1` (each decision's button, from 0) in
  /// the middle of a run, `#schedule=S` at its end, the schedule `lab run NAME --schedule S`
  /// replays; opening the page with either replays the path. An error is written to the body's
  /// `data-challenge-error`, as the player's are, for Scripts/check-site.sh.
  static let challengeScript = #"""
    (function () {
      'use strict';
      var body = document.body;
      window.onerror = function (message) {
        body.setAttribute('data-challenge-error', String(message));
      };
      var tree = challengeTree, strings = tree.strings, nodes = tree.nodes;
      var page = document.querySelector('article.challenge');
      var name = page.getAttribute('data-name');
      var parText = page.querySelector('.par').getAttribute('data-par');
      var par = parText === '' ? null : Number(parText);
      var traceBox = page.querySelector('.trace-box'), trace = page.querySelector('.trace');
      var values = page.querySelector('.values'), choose = page.querySelector('.choose');
      var result = page.querySelector('.result');
      var moves = [];

      // Each leaf's moves by its schedule, for #schedule=S: a map with no prototype, so that an
      // address's '__proto__' or 'constructor' is a schedule the page does not have.
      var bySchedule = Object.create(null);
      (function index(node, path) {
        var entry = nodes[node];
        if (!entry.c) { bySchedule[strings[entry.s]] = path; return; }
        entry.c.forEach(function (choice, position) {
          if (choice[2] >= 0) index(choice[2], path.concat([position]));
        });
      })(0, []);

      function element(tag, className, text) {
        var made = document.createElement(tag);
        if (className) made.className = className;
        if (text !== undefined) made.textContent = text;
        return made;
      }
      function plural(count, word) { return count + ' ' + word + (count === 1 ? '' : 's'); }
      function command(schedule) { return 'lab run ' + name + ' --schedule ' + schedule; }

      // The nodes the moves pass, the root first; null when a move leads nowhere.
      function walk(list) {
        var path = [0];
        for (var i = 0; i < list.length; i++) {
          var entry = nodes[path[path.length - 1]];
          var choice = entry.c && entry.c[list[i]];
          if (!choice || choice[2] < 0) return null;
          path.push(choice[2]);
        }
        return path;
      }

      function departures(path) {
        var count = 0;
        for (var i = 0; i < moves.length; i++) if (moves[i] !== nodes[path[i]].d) count++;
        return count;
      }

      function render(message) {
        var path = walk(moves);
        var here = nodes[path[path.length - 1]];
        trace.textContent = '';
        path.forEach(function (node, step) {
          nodes[node].l.forEach(function (line) {
            trace.appendChild(element('div', 'line', strings[line]));
          });
          if (step < moves.length) {
            var from = nodes[node], choice = from.c[moves[step]];
            var other = moves[step] !== from.d;
            trace.appendChild(element('div', 'pick' + (other ? ' other' : ''),
              '▸ choice ' + (step + 1) + ': ' + strings[choice[0]] +
              (other ? ' (not the default)' : ' (the default)')));
          }
        });
        traceBox.scrollTop = traceBox.scrollHeight;
        values.textContent = here.v.length ?
          here.v.map(function (value) { return strings[value]; }).join(' · ') :
          'no shared values';
        var count = departures(path);
        choose.textContent = '';
        result.textContent = '';
        if (here.c) showChoices(here, count); else showEnd(here, count);
        if (message) result.appendChild(element('p', 'problem', message));
        page.querySelector('.undo').disabled = moves.length === 0;
        var hash = here.c ? (moves.length ? '#moves=' + moves.join('.') : '') :
          '#schedule=' + encodeURIComponent(strings[here.s]);
        if (location.hash !== hash) {
          try { history.replaceState(null, '', hash || location.pathname); } catch (e) {}
        }
        body.setAttribute('data-challenge', 'ready');
      }

      function showChoices(here, count) {
        choose.appendChild(element('h2', '', 'Choice ' + (moves.length + 1) +
          ': which task runs next?'));
        choose.appendChild(element('p', 'so-far',
          plural(count, 'choice') + ' against the default so far' +
          (par === null ? '.' : '; par ' + par + '.')));
        var tasks = element('div', 'tasks');
        here.c.forEach(function (choice, position) {
          var button = element('button', 'task');
          button.type = 'button';
          if (position === here.d) button.className += ' default';
          if (choice[2] < 0) button.className += ' pruned';
          button.appendChild(element('span', 'who', (position + 1) + ' · ' + strings[choice[0]] +
            (position === here.d ? ' (default)' : '')));
          button.appendChild(element('span', 'step', strings[choice[1]] || '(ends)'));
          button.addEventListener('click', function () { pick(position); });
          tasks.appendChild(button);
        });
        choose.appendChild(tasks);
      }

      function showEnd(here, count) {
        var schedule = strings[here.s];
        var score = here.g ?
          'Goal reached in ' + plural(count, 'choice') + (par === null ? '.' : ', par ' + par + '.') :
          'Not reached: the run ended with ' + strings[here.o] + '.';
        result.appendChild(element('p', 'score ' + (here.g ? 'reached' : 'missed'), score));
        var advice = !here.g ? 'Undo (Backspace) and pick another task somewhere.' :
          par !== null && count > par ? 'Can you do it in ' + plural(par, 'choice') + '?' :
          'That is par: no schedule reaches the goal with fewer.';
        result.appendChild(element('p', '', advice));
        var link = element('p', 'share');
        var anchor = element('a', 'schedule-link', 'A link to this run');
        anchor.href = '#schedule=' + encodeURIComponent(schedule);
        link.appendChild(anchor);
        link.appendChild(document.createTextNode(' replays your choices; in a terminal: '));
        link.appendChild(element('code', 'command', command(schedule)));
        result.appendChild(link);
      }

      function pick(position) {
        var here = nodes[walk(moves).pop()];
        if (!here.c || !here.c[position]) return;
        if (here.c[position][2] < 0) {
          render('Not in this page: ' + (tree.bound === null ? 'it holds only part of the runs.' :
            'that choice goes past ' + plural(tree.bound, 'choice') + ' against the default.') +
            ' Try it in the terminal: lab challenge ' + name);
          return;
        }
        moves.push(position);
        render();
      }
      function undo() { if (moves.length) { moves.pop(); render(); } }

      function fromAddress() {
        var hash = location.hash.replace(/^#/, ''), message;
        // A link cut or mangled on its way: read it as it is.
        try { hash = decodeURIComponent(hash); } catch (e) {}
        moves = [];
        if (hash.indexOf('schedule=') === 0) {
          var schedule = hash.slice('schedule='.length);
          if (Object.prototype.hasOwnProperty.call(bySchedule, schedule)) {
            moves = bySchedule[schedule].slice();
          }
          // Only a string of a schedule's shape is offered as a command to paste: the address
          // is anyone's to write, and a shell would run whatever else it held.
          else if (/^[0-9]{1,3}-[0-9a-f]{6}-[0-9a-v]*-[0-9a-f]{2}$/.test(schedule)) {
            message = 'The schedule ' + schedule + ' is not in this page; replay it in a ' +
              'terminal: ' + command(schedule);
          } else message = 'That address holds no schedule.';
        } else if (hash.indexOf('moves=') === 0) {
          // Buttons' numbers joined by '.', digits only: '', '0.', '0x1' or '1e0' read through
          // Number() played moves the link never held ('' as button 0).
          var text = hash.slice('moves='.length);
          var list = text === '' ? [] :
            /^[0-9]{1,4}(\.[0-9]{1,4})*$/.test(text) ? text.split('.').map(Number) : null;
          if (list && walk(list)) moves = list; else message = 'Those moves are not in this page.';
        }
        render(message);
      }

      page.querySelector('.undo').addEventListener('click', undo);
      page.querySelector('.restart').addEventListener('click', function () {
        moves = [];
        render();
      });
      document.addEventListener('keydown', function (event) {
        var target = event.target.tagName;
        if (target === 'INPUT' || target === 'TEXTAREA' || event.altKey || event.ctrlKey ||
            event.metaKey) return;
        if (event.key === 'Backspace') { event.preventDefault(); undo(); }
        else if (/^[1-9]$/.test(event.key)) pick(Number(event.key) - 1);
      });
      window.addEventListener('hashchange', function () {
        var path = walk(moves), here = nodes[path[path.length - 1]];
        var now = here.c ? (moves.length ? '#moves=' + moves.join('.') : '') :
          '#schedule=' + encodeURIComponent(strings[here.s]);
        if (location.hash !== now) fromAddress();
      });
      fromAddress();
    })();

    """#

  /// The challenge page's styles: buttons that wrap at a phone's width, a trace in its own box
  /// whose lines wrap there under a hanging indent (kept whole, they ran past the screen).
  static let challengeStyle = """
    .challenge .goal { font-size: 17px; max-width: 80ch; }
    .challenge .par { max-width: 80ch; }
    .challenge .hint summary { cursor: pointer; color: #1d5fae; }
    .challenge .trace-box { max-height: 24em; padding: 6px 10px; background: #f8f9fb;
      border-radius: 6px; }
    .challenge .trace { font: 13px/1.45 ui-monospace, "DejaVu Sans Mono", monospace;
      white-space: pre; width: max-content; min-width: 100%; }
    .challenge .trace .pick { margin: 3px 0; color: #1d5fae; font-family: system-ui, sans-serif;
      white-space: normal; }
    .challenge .trace .pick.other { font-weight: bold; }
    .challenge .choose h2 { margin-top: 20px; }
    .challenge .so-far { margin: 0 0 8px; color: var(--muted); font-size: 14px; }
    .challenge .tasks { display: flex; flex-wrap: wrap; gap: 8px; }
    .challenge button.task { flex: 1 1 16em; max-width: 100%; min-width: 0; padding: 8px 10px;
      text-align: left; font-size: 15px; background: white; border: 1px solid #9fb3c8;
      border-radius: 8px; cursor: pointer; }
    .challenge button.task.default { border: 2px solid #1d5fae; }
    .challenge button.task.pruned { border-style: dashed; opacity: 0.65; }
    .challenge button.task .who { display: block; font-weight: bold; overflow-wrap: anywhere; }
    .challenge button.task .step { display: block; color: var(--muted);
      font: 13px ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
    .challenge .moves button { padding: 6px 14px; font-size: 15px; }
    .challenge .moves .keys { color: var(--muted); font-size: 12px; }
    .challenge .score { font-size: 18px; font-weight: bold; }
    .challenge .score.reached { color: #1f7a3e; }
    .challenge .score.missed { color: #8f1f1b; }
    .challenge .result code, .challenge .note code { overflow-wrap: anywhere; }
    .challenges { list-style: none; padding-left: 0; }
    .challenges li { margin: 5px 0; }
    .challenges code { margin-right: 6px; }
    @media (max-width: 600px) {
      .challenge .trace { white-space: pre-wrap; width: auto; }
      .challenge .trace .line { padding-left: 4ch; text-indent: -4ch; overflow-wrap: anywhere; }
    }
    """
}
