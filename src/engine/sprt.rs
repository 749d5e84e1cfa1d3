//! The statistics of an engine match played in game pairs (one opening with both colours): the
//! pentanomial counts of the pairs, the Elo estimate with its error bars, and the generalized
//! sequential probability ratio test (GSPRT) that decides whether a change is kept.
//!
//! **Elo model: logistic Elo**, score `s = 1 / (1 + 10^(-elo/400))`, the bounds given in it.
//! Fishtest's and OpenBench's pentanomial tests take their bounds in normalized Elo, which makes
//! a test's length independent of the draw rate. Here the bounds are in the same Elo as the
//! estimate printed beside them and as the aim of the match against Scan (a score). Between
//! close draughts engines most games are drawn, so a logistic bound is a larger step in
//! normalized Elo: the same figures ask for fewer games than in normalized Elo.
//!
//! The LLR is the GSPRT approximation of Michel Van den Bergh (fishtest's `LLR_alt`, after
//! `hardy.uhasselt.be/Fishtest/GSPRT_approximation.pdf`): the pairs' mean score `μ` (a pair's
//! points / 2, from 0 to 1) and variance `σ²` give under each hypothesis `Hᵢ: score = sᵢ` the
//! variance `σᵢ² = σ² + (μ - sᵢ)²` of a normal law with that mean fitted to the pairs, and
//! `LLR = N/2 · ln(σ₀² / σ₁²)` over `N` pairs. A count of zero is taken as 0.001 in the LLR
//! (fishtest's regularization), so that a first run of equal pairs does not make the variance
//! zero; with few pairs the LLR still jumps, as the variance is then barely known.

/// The pentanomial counts of a match: `counts[k]` pairs in which the first engine scored `k`
/// half points over the pair's two games (0 lost both … 4 won both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by the first engine's half points in them, 0 to 4.
    pub counts: [u64; 5],
}

/// An Elo difference with its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The estimate.
    pub elo: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// What a sequential test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the upper bound: the first engine is at least `elo1` stronger.
    H1,
    /// The LLR reached the lower bound: it is not `elo1` stronger (at most `elo0`).
    H0,
}

/// A sequential test of `H0: elo = elo0` against `H1: elo = elo1` (logistic Elo of the first
/// engine over the second) with error rates `alpha` (accepting H1 when H0 holds) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo of H0.
    pub elo0: f64,
    /// The Elo of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The expected score (0 to 1) of a player `elo` logistic Elo stronger.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference of an expected score, kept finite at 0 and 1 (as ±2400 Elo).
pub fn score_to_elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    // `+ 0.0` makes an even score's -0 a 0, which prints without a sign's doubt.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

impl Pentanomial {
    /// Counts a pair in which the first engine scored `half_points` (0 to 4).
    ///
    /// # Panics
    /// If `half_points` is over 4.
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The pairs' mean score (a pair's points / 2) and its variance over pairs, of `counts`.
    fn mean_variance(counts: [f64; 5]) -> (f64, f64) {
        let n: f64 = counts.iter().sum();
        let score = |k: usize| k as f64 / 4.0;
        let mean = (0..5).map(|k| counts[k] * score(k)).sum::<f64>() / n;
        let variance = (0..5)
            .map(|k| counts[k] * (score(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, variance)
    }

    /// The log-likelihood ratio of `elo1` against `elo0` (see the module's doc); 0 before the
    /// first pair.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        let counts = self.counts.map(|c| if c == 0 { 1e-3 } else { c as f64 });
        let (mean, variance) = Pentanomial::mean_variance(counts);
        let [v0, v1] = [elo0, elo1].map(|elo| variance + (mean - elo_to_score(elo)).powi(2));
        counts.iter().sum::<f64>() / 2.0 * (v0 / v1).ln()
    }

    /// The Elo of the first engine over the second with its 95 % interval, from the pairs'
    /// mean score and its standard error (the pentanomial variance / pairs); `None` before the
    /// first pair.
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = self.pairs();
        if n == 0 {
            return None;
        }
        let (mean, variance) = Pentanomial::mean_variance(self.counts.map(|c| c as f64));
        // The 97.5 % quantile of the normal law.
        let margin = 1.959_963_984_540_054 * (variance / n as f64).sqrt();
        Some(EloEstimate {
            elo: score_to_elo(mean),
            low: score_to_elo(mean - margin),
            high: score_to_elo(mean + margin),
        })
    }
}

/// Pairs played before a verdict: the LLR of a few pairs rests on a variance hardly known (the
/// empty counts stand in at 0.001), and jumps. Two pairs of 1½ points each, between two copies of
/// one build, give an LLR of 4.70 for [0, 200] (a bound at 2.94): H1 accepted after 4 games.
pub const MIN_PAIRS: u64 = 20;

impl Sprt {
    /// The LLR's lower and upper bounds: `ln(β / (1 - α))` and `ln((1 - β) / α)` (Wald).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict of these pairs, if their LLR has reached a bound, and at least
    /// [`MIN_PAIRS`] were played.
    pub fn verdict(&self, pairs: &Pentanomial) -> Option<Verdict> {
        if pairs.pairs() < MIN_PAIRS {
            return None;
        }
        let llr = pairs.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// Reads Elo bounds as `ELO0,ELO1`, also in brackets (`[0,5]`), the first below the second.
pub fn parse_bounds(text: &str) -> Option<(f64, f64)> {
    let inner = text
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim();
    let (a, b) = inner.split_once(',')?;
    let (elo0, elo1): (f64, f64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (elo0.is_finite() && elo1.is_finite() && elo0 < elo1).then_some((elo0, elo1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn logistic_elo_and_score_are_inverse() {
        assert!(close(elo_to_score(0.0), 0.5, 1e-12));
        // 400 Elo: a score of 10/11.
        assert!(close(elo_to_score(400.0), 10.0 / 11.0, 1e-12));
        for elo in [-300.0, -5.0, 0.0, 3.0, 250.0] {
            assert!(close(score_to_elo(elo_to_score(elo)), elo, 1e-9));
        }
        assert!(score_to_elo(1.0).is_finite() && score_to_elo(0.0) < -2000.0);
        assert_eq!(format!("{:+.1}", score_to_elo(0.5)), "+0.0");
    }

    /// Reference: fishtest's LLR_alt (N/2 · ln of the variances about s0 and s1, zero counts
    /// as 1e-3), computed independently in Python:
    /// `python3 -c "import math
    /// c=[10,30,150,40,20];n=sum(c);x=[k/4 for k in range(5)];m=sum(a*b for a,b in zip(c,x))/n
    /// v=sum(a*(b-m)**2 for a,b in zip(c,x))/n;s=[1/(1+10**(-e/400)) for e in (0,5)]
    /// r=[v+(m-t)**2 for t in s];print(n/2*math.log(r[0]/r[1]))"` prints 1.0038508917713376.
    #[test]
    fn llr_matches_fishtest_llr_alt() {
        let p = Pentanomial {
            counts: [10, 30, 150, 40, 20],
        };
        assert!(close(p.llr(0.0, 5.0), 1.003_850_891_771_337_6, 1e-9));
        // The same counts against [-5, 0], and reversed counts against [0, 5] (Python as above
        // with those figures): 1.2658688840457908 and -1.2658688840458.
        assert!(close(p.llr(-5.0, 0.0), 1.265_868_884_045_790_8, 1e-9));
        let reversed = Pentanomial {
            counts: [20, 40, 150, 30, 10],
        };
        assert!(close(reversed.llr(0.0, 5.0), -1.265_868_884_045_8, 1e-9));
    }

    /// Zero counts are taken as 1e-3 (as fishtest's `regularize`): all draws, then the
    /// reference of Python above with c=[1e-3,1e-3,100,1e-3,1e-3] and n=sum(c):
    /// -111.41586799311308.
    #[test]
    fn llr_of_all_draws_is_finite_and_regularized() {
        let p = Pentanomial {
            counts: [0, 0, 100, 0, 0],
        };
        assert!(close(p.llr(0.0, 5.0), -111.415_867_993_113_08, 1e-9));
        assert_eq!(Pentanomial::default().llr(0.0, 5.0), 0.0);
    }

    /// Reference (Python): with c=[10,30,150,40,20], m and v as above,
    /// `e=lambda s:-400*math.log10(1/s-1); d=1.959963984540054*math.sqrt(v/n)`:
    /// e(m)=20.87120466602867, e(m-d)=2.252059106116402, e(m+d)=39.610978592514186.
    #[test]
    fn elo_and_its_error_bars_from_the_pentanomial_variance() {
        let p = Pentanomial {
            counts: [10, 30, 150, 40, 20],
        };
        let e = p.elo().expect("pairs");
        assert!(close(e.elo, 20.871_204_666_028_67, 1e-9));
        assert!(close(e.low, 2.252_059_106_116_402, 1e-9));
        assert!(close(e.high, 39.610_978_592_514_186, 1e-9));
        assert_eq!(Pentanomial::default().elo(), None);
        // Even pairs: 0 Elo, symmetric bars.
        let even = Pentanomial {
            counts: [5, 10, 50, 10, 5],
        };
        let e = even.elo().expect("pairs");
        assert!(close(e.elo, 0.0, 1e-9) && close(e.low, -e.high, 1e-9) && e.high > 0.0);
    }

    #[test]
    fn wald_bounds_and_verdicts() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        // ln(0.05 / 0.95) and ln(0.95 / 0.05): ∓2.9444389791664403.
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.944_438_979_166_440_3, 1e-12));
        assert!(close(upper, 2.944_438_979_166_440_3, 1e-12));
        let undecided = Pentanomial {
            counts: [10, 30, 150, 40, 20],
        };
        assert_eq!(sprt.verdict(&undecided), None);
        // Three times the counts of `llr_matches_fishtest_llr_alt`, and those reversed
        // (Python as there): 3.0115526753140123 and -3.7976066521373997.
        let weaker = Pentanomial {
            counts: [60, 120, 450, 90, 30],
        };
        assert!(close(weaker.llr(0.0, 5.0), -3.797_606_652_137_399_7, 1e-9));
        assert_eq!(sprt.verdict(&weaker), Some(Verdict::H0));
        let stronger = Pentanomial {
            counts: [30, 90, 450, 120, 60],
        };
        assert!(close(stronger.llr(0.0, 5.0), 3.011_552_675_314_012_3, 1e-9));
        assert_eq!(sprt.verdict(&stronger), Some(Verdict::H1));
    }

    #[test]
    fn no_verdict_before_twenty_pairs() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 200.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let two = Pentanomial {
            counts: [0, 0, 0, 2, 0],
        };
        assert!(two.llr(0.0, 200.0) > sprt.bounds().1);
        assert_eq!(sprt.verdict(&two), None);
        let twenty = Pentanomial {
            counts: [0, 0, 2, 18, 0],
        };
        assert_eq!(sprt.verdict(&twenty), Some(Verdict::H1));
    }

    #[test]
    fn bounds_are_read_with_or_without_brackets() {
        assert_eq!(parse_bounds("0,5"), Some((0.0, 5.0)));
        assert_eq!(parse_bounds("[0, 5]"), Some((0.0, 5.0)));
        assert_eq!(parse_bounds("-3,1.5"), Some((-3.0, 1.5)));
        assert_eq!(parse_bounds("5,0"), None);
        assert_eq!(parse_bounds("5"), None);
        assert_eq!(parse_bounds("a,b"), None);
    }
}
