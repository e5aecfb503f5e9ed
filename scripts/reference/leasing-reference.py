"""Reference instalments for src/domain/calculator.test.ts, computed independently of the TypeScript
code: the annuity is found by simulating the month-by-month balance (interest added, payment taken)
with 50-digit decimals and bisecting the payment until the balance after the last month equals the
residual value, i.e. what a spreadsheet's PMT(rate/12; n; -(price-ow); rv) returns, without using
its closed form. Run: python3 scripts/reference/leasing-reference.py"""
from decimal import Decimal as D, getcontext, ROUND_HALF_UP

getcontext().prec = 50

def balance_after(payment, principal, monthly_rate, months):
    b = principal
    for _ in range(months):
        b = b * (1 + monthly_rate) - payment
    return b

def annuity(principal, rv, annual_rate_percent, months):
    r = D(annual_rate_percent) / 100 / 12
    lo, hi = D(0), principal * 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if balance_after(mid, principal, r, months) > rv:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2

zl = lambda v: int(D(v).quantize(D(1), rounding=ROUND_HALF_UP))

cases = [
    # price, months, ow%, rv%, annual rate %
    (100_000, 36, 10, 20, D("7.9")),
    (129_900, 48, 0, 1, D("7.9")),
    (250_000, 60, 45, 30, D("7.9")),
    (89_000, 24, 20, 50, D("7.9")),
    (350_000, 84, 15, 10, D("7.9")),
    (200_000, 48, 10, 20, D("0")),
]
for price, n, owp, rvp, rate in cases:
    ow = zl(D(price) * owp / 100)
    rv = zl(D(price) * rvp / 100)
    a = annuity(D(price - ow), D(rv), rate, n)
    fees = (D(ow) + n * a + D(rv)) / price * 100
    print(f"{{ price: {price}, period: {n}, owPercent: {owp}, rvPercent: {rvp}, rate: {rate}, annuity: {a:.4f}, financing: {zl(a)}, totalFeesPercent: {fees.quantize(D('0.01'), rounding=ROUND_HALF_UP)} }},")
