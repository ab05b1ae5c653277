extension Duration {
  /// The duration in seconds, as a `Double`: what budgets and reports compare and print.
  package var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
