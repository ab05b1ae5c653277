extension ScenarioVerdict.Failure {
  /// A failure from its parts, for checks made outside this module (`lab check --native`).
  public static func made(run: RunLabel?, messages: [String], replay: String?) -> Self {
    Self(run: run, messages: messages, replay: replay)
  }
}
