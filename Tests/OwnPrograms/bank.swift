// An actor runs one call at a time, but a call that awaits lets another one in: both
// withdrawals can pass the balance check before either subtracts (actor reentrancy).
actor Bank {
  var balance = 100

  func withdraw(_ amount: Int) async -> Bool {
    guard balance >= amount else { return false }
    await audit()
    balance -= amount
    return true
  }

  func audit() async { await Task.yield() }
}

let bank = Bank()
async let first = bank.withdraw(80)
async let second = bank.withdraw(80)
let (a, b) = await (first, second)
print("withdrawals: \(a) \(b), balance: \(await bank.balance)")
