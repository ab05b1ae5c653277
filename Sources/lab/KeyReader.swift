import LabProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One key pressed on a terminal, without waiting for Return: a pause that says "q: stop" stops
/// on q. The terminal leaves canonical mode (and echo) only while the key is awaited, and gets its
/// own settings back on every way out: the key, the end of input, an error, and the signals that
/// end the process (Ctrl-C, Ctrl-\, a hang-up, a kill), which restore it before they do.
/// When stdin is not a terminal it reads a line instead, and gives the line's first character.
enum KeyReader {
  enum Key: Equatable {
    /// The key typed (its first character, lowercased); Return is "\n".
    case key(Character)
    /// The end of input (Ctrl-D, a closed pipe) or an error reading it.
    case end
  }

  /// The terminal's settings while a key is awaited, for the signal handlers, which may touch
  /// only what is already in memory.
  nonisolated(unsafe) private static var saved = termios()
  /// The settings a key is awaited with, to set again when a stopped lab is continued.
  nonisolated(unsafe) private static var awaiting = termios()
  /// The signals that would end the process with the terminal still raw: every one that ends
  /// it, as for the programs it runs (SIGALRM or SIGUSR1 at a pause left the shell without echo).
  private static let ending = NativeGroups.signals

  /// The longest answer read from standard input, in bytes: an answer is a few characters, and
  /// reading `cat /dev/zero | lab step` as one line held 13.7 GB.
  static let maxLineBytes = 4_096

  /// The next line of standard input without its line end, nil at the input's end — or at a line
  /// longer than `maxLineBytes`, which no answer is: what follows it is not read as answers.
  static func line() -> String? {
    var bytes: [UInt8] = []
    while true {
      let next = getchar()
      if next == EOF { return bytes.isEmpty ? nil : text(bytes) }
      if next == 0x0A { return text(bytes) }
      guard bytes.count < maxLineBytes else { return nil }
      bytes.append(UInt8(truncatingIfNeeded: next))
    }
  }

  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes[...], as: UTF8.self)
  }

  static func next() -> Key {
    var original = termios()
    guard isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, &original) == 0 else {
      return line().map { .key($0.lowercased().first ?? "\n") } ?? .end
    }
    saved = original
    let previous = ending.map { signal($0, restoreThenDie) }
    // A signal the lab was started ignoring (nohup, a shell's trap '') stays ignored.
    for (signalNumber, handler) in zip(ending, previous) where Self.ignores(handler) {
      signal(signalNumber, handler)
    }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    awaiting = raw
    let previousStop = signal(SIGTSTP, restoreThenStop)
    if Self.ignores(previousStop) { signal(SIGTSTP, previousStop) }
    defer {
      // TCSAFLUSH drops what else was typed: an arrow key's three bytes are one press, not three.
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
      for (signalNumber, handler) in zip(ending, previous) { signal(signalNumber, handler) }
      signal(SIGTSTP, previousStop)
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
      return line().map { .key($0.lowercased().first ?? "\n") } ?? .end
    }
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 { break }
      if count < 0, errno == EINTR { continue }
      return .end
    }
    switch byte {
    case 4: return .end  // Ctrl-D, which canonical mode would read as the end of input
    case 10, 13: return .key("\n")
    default: return .key(Character(Unicode.Scalar(byte)).lowercased().first ?? "\n")
    }
  }

  private static func ignores(_ handler: sighandler_t?) -> Bool {
    guard let handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Ctrl-Z: the shell gets its terminal as it was while the lab is stopped, and `fg` gives the
  /// lab back the single keys it was waiting for (the shell's own settings would need Return).
  private static let restoreThenStop: @convention(c) (Int32) -> Void = { _ in
    tcsetattr(STDIN_FILENO, TCSANOW, &KeyReader.saved)
    signal(SIGTSTP, SIG_DFL)
    // A handler runs with its signal blocked: unblocked, the raise stops the process here, at
    // once, rather than on return to a handler installed again (which would raise again).
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
    // Continued: wait for keys again, as before the stop.
    signal(SIGTSTP, KeyReader.restoreThenStop)
    tcsetattr(STDIN_FILENO, TCSANOW, &KeyReader.awaiting)
  }

  /// The terminal as it was, then the signal's own action: the process ends as it would have.
  private static let restoreThenDie: @convention(c) (Int32) -> Void = { signalNumber in
    tcsetattr(STDIN_FILENO, TCSANOW, &KeyReader.saved)
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
  }
}
