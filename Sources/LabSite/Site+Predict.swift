import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabRuntime

extension Site.Builder {
  /// A ```` ```predict ```` block: the question as checkboxes and a Reveal button. What each
  /// choice is — possible or not — is proven when the site is made and written as a fixed word
  /// in an attribute the page's script reads; the native histogram is `lab lesson`'s, since a
  /// site is made without running programs.
  mutating func predictionBlock(
    _ prediction: Prediction, lesson: Lesson, scripts: inout Int
  ) -> String {
    let place = "\(lesson.file):\(prediction.line)"
    let scenario: Scenario
    switch scenarioFile(prediction.scenario).flatMap({ load($0) }) {
    case .failure(let failure):
      site.problems.append("\(place): \(failure.message)")
      return "<p class=\"problem\">\(escape(failure.message))</p>"
    case .success(let loaded): scenario = loaded
    }
    if case .value(let name) = prediction.subject,
      !scenario.state.contains(where: { $0.name == name })
    {
      let message = "'of: \(name)' is not a shared variable of \(scenario.name)"
      site.problems.append("\(place): \(message)")
      return "<p class=\"problem\">\(escape(message))</p>"
    }
    guard let proven = provenOutcomes(of: scenario, first: prediction.subject == .first) else {
      let message =
        "not searched: the \(Int(options.predictionSeconds)) s a site spends on its predictions "
        + "ran out; \(LabCommand.line("lesson \(lesson.number)")) asks it in the terminal"
      site.problems.append("\(place): \(message)")
      return "<p class=\"problem\">\(escape(message))</p>"
    }
    scripts += 1
    let choices = prediction.choices ?? LessonSession.tasksEnded(scenario)
    let reveal = PredictionReveal(
      prediction: prediction, scenario: scenario, choices: choices, picked: nil, proven: proven,
      native: nil)
    let question = MarkdownHTML { _ in nil }.inline(prediction.question)
    var parts = [
      "<div class=\"predict\" id=\"predict-\(scripts)\">",
      "<p class=\"question\"><strong>Predict:</strong> \(question)</p>",
      "<ul class=\"choices\">",
    ]
    for choice in choices {
      let possible = reveal.possible(choice).map { $0 ? "yes" : "no" } ?? "unknown"
      parts.append(
        "<li><label><input type=\"checkbox\" data-possible=\"\(possible)\"/> "
          + "\(escape(choice))</label> <span class=\"mark\"></span></li>")
    }
    parts.append("</ul>")
    parts.append("<button type=\"button\" class=\"reveal\">Reveal</button>")
    parts.append("<div class=\"revealed\" hidden=\"hidden\">")
    parts.append("<p class=\"score\"></p>")
    for line in reveal.provenLines { parts.append("<p>\(escape(line))</p>") }
    let command = LabCommand.line("lesson \(lesson.number)")
    parts.append(
      "<p class=\"note\">How often real runs end each way: <code>\(escape(command))</code> runs "
        + "the scenario's Swift program many times and draws the histogram.</p>")
    parts.append("</div>")
    parts.append("</div>")
    return parts.joined(separator: "\n")
  }

  /// The outcomes a search proves of `scenario`, searched once for the site's predictions about
  /// it, within what is left of `Site.predictionSeconds`; nil when nothing is left.
  mutating func provenOutcomes(of scenario: Scenario, first: Bool) -> ProvenOutcomes? {
    let key = "\(scenario.file)\n\(first)"
    if let proven = provenByScenario[key] { return proven }
    guard predictionSecondsLeft >= 1 else { return nil }
    let start = ContinuousClock.now
    defer { predictionSecondsLeft -= (ContinuousClock.now - start).inSeconds }
    var budget = ProvenOutcomes.lessonBudget
    budget.maxSeconds = min(budget.maxSeconds ?? predictionSecondsLeft, predictionSecondsLeft)
    let proven = ProvenOutcomes.search(scenario, budget: budget, observingFirst: first)
    provenByScenario[key] = proven
    return proven
  }
}

extension Site {
  static let predictionStyle = """
    .predict { margin: 16px 0 28px; padding: 4px 16px 12px; border: 1px solid var(--rule);
      border-left: 4px solid #1d5fae; border-radius: 8px; }
    .predict .choices { list-style: none; padding-left: 4px; }
    .predict .mark.right { color: #1a7f37; font-weight: bold; }
    .predict .mark.wrong { color: #c62828; font-weight: bold; }
    .predict .score { font-weight: bold; }
    """

  /// Reveals each prediction on its page: marks every choice ✓ or ✗ against the proven answer
  /// the page carries, and counts them. It reads only the fixed words `yes`, `no`, `unknown`.
  static let predictionScript = """
    document.querySelectorAll('.predict').forEach(function (box) {
      var button = box.querySelector('.reveal');
      button.addEventListener('click', function () {
        var right = 0, known = 0;
        box.querySelectorAll('.choices li').forEach(function (item) {
          var input = item.querySelector('input');
          var mark = item.querySelector('.mark');
          var possible = input.getAttribute('data-possible');
          input.disabled = true;
          if (possible === 'unknown') { mark.textContent = '? not proven'; return; }
          known += 1;
          var ok = input.checked === (possible === 'yes');
          if (ok) { right += 1; }
          mark.className = 'mark ' + (ok ? 'right' : 'wrong');
          mark.textContent = (ok ? '✓ ' : '✗ ') + (possible === 'yes' ? 'possible' : 'impossible')
            + (ok ? ': right' : ': wrong');
        });
        box.querySelector('.score').textContent = 'Your prediction: ' + right + ' of ' + known
          + ' right.';
        box.querySelector('.revealed').hidden = false;
        button.disabled = true;
      });
    });

    """
}
