extension HTMLReport {
  /// The one script of a page with players: steps through each player's events. It reads only the
  /// page's own markup and the address's `#…` part, writes only attributes and text, and loads
  /// nothing. `<body data-player="ready">` says it set up without an error; an error anywhere on
  /// the page is written to `data-player-error`.
  ///
  /// The address: `#event=N` makes event N (1-based) of the first player current, `#run=K&event=N`
  /// of the K-th; moving writes it back. For tests, `&step=K` then presses → K times (← for a
  /// negative K; `home`, `end`: that key) and `&click=M` clicks trace line M, through the same
  /// handlers a reader uses.
  static let playerScript = #"""
    (function () {
      'use strict';
      var body = document.body;
      window.onerror = function (message) {
        body.setAttribute('data-player-error', String(message));
      };
      var list = function (nodes) { return Array.prototype.slice.call(nodes); };
      var players = [];
      var active = null;

      // The address's key=value pairs, in a map with no prototype ('__proto__' is a key like
      // any other); a value cut or mangled on its way is read as it is.
      function params() {
        var out = Object.create(null);
        location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
          var at = pair.indexOf('='), value;
          if (at <= 0) return;
          value = pair.slice(at + 1);
          try { value = decodeURIComponent(value); } catch (e) {}
          out[pair.slice(0, at)] = value;
        });
        return out;
      }

      function setup(section, number) {
        var rows = list(section.querySelectorAll('tr[data-i]'));
        if (!rows.length) return null;
        var marks = list(section.querySelectorAll('.ev'));
        var cursor = section.querySelector('.cursor');
        var range = section.querySelector('input[type=range]');
        var position = section.querySelector('.position');
        var nowText = section.querySelector('.now-text');
        var link = section.querySelector('.link');
        var valuesText = section.querySelector('.values-text');
        var box = section.querySelector('.trace-box');
        var player = { section: section, current: 1, rows: rows };

        function hashFor(n) {
          return '#' + (number > 1 ? 'run=' + number + '&' : '') + 'event=' + n;
        }
        function describe(row) {
          var cells = row.cells;
          var text = cells[5].textContent;
          return cells[1].textContent + ' ms · ' + cells[2].textContent + ' · ' +
            cells[3].textContent + ' · ' + cells[4].textContent + (text ? ' — ' + text : '');
        }
        // The scenario's declared values, then what trace lines 1…n set (as valuesText in Swift),
        // by name in a map with no prototype: a variable named '__proto__' was shown as
        // '[object Object]', once for each time it was set.
        var initial = list(section.querySelectorAll('data.initial'));
        function values(n) {
          var seen = Object.create(null), order = [];
          function note(name, value) {
            if (!Object.prototype.hasOwnProperty.call(seen, name)) order.push(name);
            seen[name] = value;
          }
          initial.forEach(function (item) {
            note(item.getAttribute('data-var'), item.getAttribute('value'));
          });
          for (var i = 0; i < n; i++) {
            var name = rows[i].getAttribute('data-var');
            if (name !== null) note(name, rows[i].getAttribute('data-val'));
          }
          if (!order.length) return 'none set yet';
          return order.map(function (name) { return name + ' = ' + seen[name]; }).join(' · ');
        }

        player.go = function (n, quiet) {
          n = Math.max(1, Math.min(rows.length, Math.round(Number(n)) || 1));
          var old = player.current;
          rows[old - 1].removeAttribute('aria-current');
          if (marks[old - 1]) marks[old - 1].classList.remove('current');
          player.current = n;
          var row = rows[n - 1];
          row.setAttribute('aria-current', 'step');
          var mark = marks[n - 1];
          if (mark && cursor) {
            mark.classList.add('current');
            cursor.setAttribute('x1', mark.getAttribute('data-x'));
            cursor.setAttribute('x2', mark.getAttribute('data-x'));
          }
          range.value = String(n);
          range.setAttribute('aria-valuetext', 'event ' + n + ' of ' + rows.length);
          position.textContent = 'event ' + n + ' of ' + rows.length;
          nowText.textContent = describe(row);
          link.setAttribute('href', hashFor(n));
          if (valuesText) valuesText.textContent = values(n);
          if (box && box.scrollHeight > box.clientHeight) {
            var top = row.offsetTop;
            if (top < box.scrollTop + 30 || top > box.scrollTop + box.clientHeight - 30) {
              box.scrollTop = top - box.clientHeight / 2;
            }
          }
          active = player;
          if (!quiet) {
            try { history.replaceState(null, '', hashFor(n)); } catch (error) { /* file:// */ }
          }
        };

        rows.forEach(function (row, i) {
          row.addEventListener('click', function () { player.go(i + 1); });
        });
        marks.forEach(function (mark, i) {
          mark.addEventListener('click', function () { player.go(i + 1); });
        });
        range.addEventListener('input', function () { player.go(range.value); });
        section.querySelector('.prev').addEventListener('click', function () {
          player.go(player.current - 1);
        });
        section.querySelector('.next').addEventListener('click', function () {
          player.go(player.current + 1);
        });
        section.addEventListener('focusin', function () { active = player; });
        return player;
      }

      // players[i] is the page's i-th player (null when its run has no events).
      players = list(document.querySelectorAll('section.player')).map(function (section, i) {
        return setup(section, i + 1);
      });
      active = players.filter(Boolean)[0] || null;

      document.addEventListener('keydown', function (event) {
        if (!active || event.altKey || event.ctrlKey || event.metaKey) return;
        var target = event.target;
        if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
        var targets = {
          ArrowRight: active.current + 1, ArrowLeft: active.current - 1,
          Home: 1, End: active.rows.length
        };
        if (!Object.prototype.hasOwnProperty.call(targets, event.key)) return;
        event.preventDefault();
        active.go(targets[event.key]);
      });

      function fromHash() {
        var p = params();
        var player = players[(Number(p.run) || 1) - 1];
        if (!player) return;
        active = player;
        if (p.event) player.go(p.event, true);
        var press = function (key) {
          body.dispatchEvent(new KeyboardEvent('keydown', {
            key: key, bubbles: true, cancelable: true
          }));
        };
        if (p.step === 'home' || p.step === 'end') press(p.step === 'home' ? 'Home' : 'End');
        // A press past the run's first or last event moves nothing, so at most as many as the
        // run has events: '#step=1e9' pressed for minutes and '#step=Infinity' for ever, and
        // the page never answered.
        var steps = Math.round(Number(p.step)) || 0;
        steps = Math.max(-player.rows.length, Math.min(player.rows.length, steps));
        for (var i = 0; i < Math.abs(steps); i++) press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
        var row = player.rows[Math.round(Number(p.click)) - 1];
        if (row) row.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      }
      window.addEventListener('hashchange', fromHash);
      fromHash();
      body.setAttribute('data-player', 'ready');
    })();

    """#
}
