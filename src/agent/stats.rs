//! Statistics for match results: Wilson score intervals and the exact two-sided binomial test.
//!
//! A draw counts as half a win in win rates ("score"); the binomial test against 50% uses the
//! decisive games only (a sign test), the usual practice for engine matches.

/// Wilson score interval for `successes` out of `n` at normal quantile `z` (1.96 for 95%).
/// `successes` may be fractional (draws as halves). Returns `(0, 1)` for `n == 0`.
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Natural log of `n!`.
fn ln_factorial(n: u64) -> f64 {
    (2..=n).map(|i| (i as f64).ln()).sum()
}

/// Exact two-sided binomial test of `k` successes in `n` trials against p = 1/2:
/// the probability of a result at least as far from n/2 as `k`. 1 for `n == 0`.
pub fn binomial_p_value(k: u64, n: u64) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let k = k.min(n);
    let lo = k.min(n - k);
    // P(X <= lo) with X ~ Bin(n, 1/2), summed in log space from the largest term down.
    let ln_n = ln_factorial(n);
    let ln_half = n as f64 * 0.5f64.ln();
    let mut ln_fact_i = 0.0f64;
    let mut ln_fact_ni = ln_n;
    let mut terms = Vec::with_capacity(lo as usize + 1);
    for i in 0..=lo {
        if i > 0 {
            ln_fact_i += (i as f64).ln();
            ln_fact_ni -= ((n - i + 1) as f64).ln();
        }
        terms.push(ln_n - ln_fact_i - ln_fact_ni + ln_half);
    }
    let max = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tail = max.exp() * terms.iter().map(|t| (t - max).exp()).sum::<f64>();
    // The two tails overlap at the centre when n is even and k = n/2.
    let p = if 2 * lo == n { 1.0 } else { 2.0 * tail };
    p.min(1.0)
}

/// Exact two-sided binomial test of `k` successes in `n` trials against success chance `p`
/// (0 < p < 1): the total probability of results no more likely than `k` (the usual
/// "minimum likelihood" two-sided test). 1 for `n == 0`.
pub fn binomial_p_value_at(k: u64, n: u64, p: f64) -> f64 {
    if n == 0 || !(p > 0.0 && p < 1.0) {
        return 1.0;
    }
    let k = k.min(n);
    let ln_n = ln_factorial(n);
    let (lp, lq) = (p.ln(), (1.0 - p).ln());
    let ln_pmf: Vec<f64> = (0..=n)
        .map(|i| ln_n - ln_factorial(i) - ln_factorial(n - i) + i as f64 * lp + (n - i) as f64 * lq)
        .collect();
    let observed = ln_pmf[k as usize] + 1e-9;
    let max = ln_pmf.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tail: f64 = ln_pmf
        .iter()
        .filter(|&&l| l <= observed)
        .map(|l| (l - max).exp())
        .sum();
    (tail * max.exp()).min(1.0)
}

/// A p-value for a table: `<1e-300`, scientific for small values, fixed otherwise.
pub fn format_p(p: f64) -> String {
    if p < 1e-300 {
        "<1e-300".into()
    } else if p < 0.001 {
        format!("{p:.1e}")
    } else {
        format!("{p:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 50 of 100: about [0.404, 0.596].
        let (lo, hi) = wilson(50.0, 100.0, 1.96);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        // All wins still leave room below 1.
        let (lo, hi) = wilson(10.0, 10.0, 1.96);
        assert!(lo > 0.69 && lo < 0.73 && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson(0.0, 0.0, 1.96), (0.0, 1.0));
    }

    #[test]
    fn binomial_test_matches_known_values() {
        assert!((binomial_p_value(5, 10) - 1.0).abs() < 1e-12);
        // 9 or more (or 1 or fewer) of 10: 22/1024 = 0.021484375.
        assert!((binomial_p_value(9, 10) - 0.021484375).abs() < 1e-9);
        assert!((binomial_p_value(1, 10) - 0.021484375).abs() < 1e-9);
        assert!((binomial_p_value(10, 10) - 2.0 / 1024.0).abs() < 1e-12);
        assert_eq!(binomial_p_value(0, 0), 1.0);
        // 700 of 1000 is far beyond p < 0.001 and must not underflow to NaN.
        let p = binomial_p_value(700, 1000);
        assert!(p > 0.0 && p < 1e-30, "{p}");
        assert!(binomial_p_value(530, 1000) > 0.05);
    }

    #[test]
    fn binomial_test_at_other_chances() {
        // At p = 1/2 it agrees with the sign test.
        for (k, n) in [(9, 10), (3, 10), (530, 1000)] {
            let a = binomial_p_value_at(k, n, 0.5);
            let b = binomial_p_value(k, n);
            assert!((a - b).abs() < 1e-9, "{k}/{n}: {a} vs {b}");
        }
        // 0 wins in 3 games at 1/3: P(0) = 8/27 is the likeliest-but-one result; the results
        // no more likely are 0 (8/27), 2 (6/27) and 3 (1/27): 15/27.
        assert!((binomial_p_value_at(0, 3, 1.0 / 3.0) - 15.0 / 27.0).abs() < 1e-9);
        assert_eq!(binomial_p_value_at(1, 0, 0.3), 1.0);
    }

    #[test]
    fn p_values_format_for_tables() {
        assert_eq!(format_p(0.5), "0.500");
        assert_eq!(format_p(0.0000123), "1.2e-5");
        assert_eq!(format_p(0.0), "<1e-300");
    }
}
