//! Learning the evaluation: self-play games give quiet positions labelled with the games'
//! results, and logistic regression fits the weights of [`super::learned`] to them.
//! `examples/train_eval.rs` is the command that runs it; both halves use every thread given.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use super::eval::Evaluator;
use super::learned::Layout;
use super::search::{Limits, Searcher};
use crate::rules::{Color, Game, Outcome, Position, Role, RuleSet};

/// A position of a self-play game and how the game ended.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// A position without a capture for the side to move.
    pub pos: Position,
    /// The game's result for White: 0 lost, 1 drawn, 2 won.
    pub result: u8,
    /// The score the self-play search gave the position, for White, in hundredths of a man
    /// (mate scores cut to ±2000).
    pub score: i16,
    /// The number of the game it comes from.
    pub game: u32,
}

/// How self-play games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Search depth of every move after the opening.
    pub depth: u32,
    /// Random moves that open each game, at least and at most.
    pub random_plies: (usize, usize),
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// Threads to play on.
    pub threads: usize,
    /// Seed: game `g` is seeded by `seed` and `g`, whatever thread plays it.
    pub seed: u64,
}

/// Plays `cfg.games` games of `rules`, the engine searching with `eval`, and returns their quiet
/// positions in the order of the games. `progress` hears the number of games finished.
pub fn self_play(
    rules: &RuleSet,
    eval: &Evaluator,
    cfg: &SelfPlay,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Sample> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let out = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(|| {
                let mut searcher = Searcher::with_evaluator(rules, 4, eval.clone());
                let mut mine = Vec::new();
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= cfg.games {
                        break;
                    }
                    play_game(rules, &mut searcher, cfg, g as u32, &mut mine);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                }
                out.lock().expect("no thread panicked").append(&mut mine);
            });
        }
    });
    let mut samples = out.into_inner().expect("no thread panicked");
    samples.sort_by_key(|s| s.game);
    samples
}

/// Searches every position of `samples` again, `depth` plies deep with `eval`, and puts that
/// score in place of the one its game's search gave: deeper labels for positions already
/// played, at the cost of one search each rather than of new games. The games are shared out
/// among `threads` threads; one thread searches a game's positions in order with a searcher
/// cleared for it, so that the result does not depend on the number of threads and the table
/// carries from one position of a game to the next. `progress` hears the positions done.
pub fn rescore(
    rules: &RuleSet,
    eval: &Evaluator,
    samples: &mut [Sample],
    depth: u32,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) {
    let games = Mutex::new(samples.chunk_by_mut(|a, b| a.game == b.game));
    let done = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut searcher = Searcher::with_evaluator(rules, 4, eval.clone());
                loop {
                    let Some(game) = games.lock().expect("no thread panicked").next() else {
                        break;
                    };
                    searcher.clear();
                    for sample in game.iter_mut() {
                        let report =
                            searcher.search(&[sample.pos], Limits::depth(depth), &mut |_| {});
                        sample.score = for_white(&sample.pos, report.score);
                    }
                    progress(done.fetch_add(game.len(), Ordering::Relaxed) + game.len());
                }
            });
        }
    });
}

/// A search's score of `pos` for its side to move, as a [`Sample`] keeps it: for White, mate
/// scores cut to ±2000.
fn for_white(pos: &Position, score: i32) -> i16 {
    let score = score.clamp(-2000, 2000) as i16;
    if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

fn play_game(
    rules: &RuleSet,
    searcher: &mut Searcher,
    cfg: &SelfPlay,
    g: u32,
    out: &mut Vec<Sample>,
) {
    let mut rng =
        SmallRng::seed_from_u64(cfg.seed ^ u64::from(g).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let opening = rng.random_range(cfg.random_plies.0..=cfg.random_plies.1);
    searcher.clear();
    let Ok(mut game) = Game::new(rules.clone()) else {
        return;
    };
    let mut positions = vec![*game.position()];
    let first = out.len();
    let mut result = 1;
    for ply in 0..cfg.max_plies {
        if let Some(outcome) = game.outcome() {
            result = match outcome {
                Outcome::Win {
                    winner: Color::White,
                    ..
                } => 2,
                Outcome::Win { .. } => 0,
                Outcome::Draw(_) => 1,
            };
            break;
        }
        let pos = *game.position();
        let m = if ply < opening {
            let moves = pos.legal_moves(rules);
            *moves.choose(&mut rng).expect("a game not over has a move")
        } else {
            let report = searcher.search(&positions, Limits::depth(cfg.depth), &mut |_| {});
            if !pos.has_capture(rules) {
                out.push(Sample {
                    pos,
                    result: 1,
                    score: for_white(&pos, report.score),
                    game: g,
                });
            }
            report.best.expect("a game not over has a move")
        };
        if game.play(m).is_err() {
            break;
        }
        positions.push(*game.position());
    }
    for s in &mut out[first..] {
        s.result = result;
    }
}

/// The first line of a samples file, which [`read_samples`] requires: a file of other contents
/// is refused at once rather than read as garbage.
pub const SAMPLES_HEADER: &str = "# Dáma training samples 1: game, White's result (0 lost, 1 drawn, 2 won), the search's score for White in hundredths of a man, FEN";

/// The longest line a samples file may have: a FEN of a full 10×10 board with its counts.
const SAMPLE_LINE_MAX: usize = 512;

/// Writes `samples` as text, one a line after [`SAMPLES_HEADER`], so that self-play done in one
/// run (or on another machine) can be fitted together with another's (`train_eval --save`,
/// `--samples`).
pub fn write_samples(out: &mut impl std::io::Write, samples: &[Sample]) -> std::io::Result<()> {
    writeln!(out, "{SAMPLES_HEADER}")?;
    for s in samples {
        writeln!(out, "{} {} {} {}", s.game, s.result, s.score, s.pos.fen())?;
    }
    Ok(())
}

/// Why a samples file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum SamplesError {
    /// The file could not be read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The first line is not [`SAMPLES_HEADER`].
    #[error("line 1: not a file of Dáma's training samples (expected '{SAMPLES_HEADER}')")]
    Header,
    /// A line does not hold a sample of the rule set.
    #[error("line {line}: {what}, found '{excerpt}'")]
    Line {
        /// Its number, from 1.
        line: usize,
        /// What was expected there.
        what: String,
        /// The start of the line.
        excerpt: String,
    },
}

/// Reads the samples [`write_samples`] wrote, for `rules`; lines that are empty or start with
/// `#` are passed over.
pub fn read_samples(
    input: impl std::io::BufRead,
    rules: &RuleSet,
) -> Result<Vec<Sample>, SamplesError> {
    let mut samples = Vec::new();
    let mut lines = input.lines();
    if lines.next().transpose()?.as_deref() != Some(SAMPLES_HEADER) {
        return Err(SamplesError::Header);
    }
    for (i, line) in lines.enumerate() {
        let line = line?;
        let number = i + 2;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let bad = |what: &str| SamplesError::Line {
            line: number,
            what: what.to_string(),
            excerpt: text.chars().take(40).collect(),
        };
        if text.len() > SAMPLE_LINE_MAX {
            return Err(bad(&format!("a line longer than {SAMPLE_LINE_MAX} bytes")));
        }
        let mut fields = text.splitn(4, ' ');
        let game = fields
            .next()
            .and_then(|f| f.parse::<u32>().ok())
            .ok_or_else(|| bad("expected the game's number"))?;
        let result = fields
            .next()
            .and_then(|f| f.parse::<u8>().ok())
            .filter(|r| *r <= 2)
            .ok_or_else(|| bad("expected the result (0, 1 or 2)"))?;
        let score = fields
            .next()
            .and_then(|f| f.parse::<i16>().ok())
            .ok_or_else(|| bad("expected the score"))?;
        let fen = fields
            .next()
            .ok_or_else(|| bad("expected a FEN after the score"))?;
        let pos = rules
            .parse_fen(fen)
            .map_err(|e| bad(&format!("a FEN of {}: {e}", rules.name_en)))?;
        samples.push(Sample {
            pos,
            result,
            score,
            game,
        });
    }
    Ok(samples)
}

/// How the weights are fitted.
#[derive(Clone, Debug)]
pub struct Fit {
    /// Passes over the training positions, at most.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size.
    pub rate: f32,
    /// L2 penalty on every weight but the global ones.
    pub l2: f32,
    /// Threads that compute the gradient.
    pub threads: usize,
    /// The weight of the game's result in the target; the rest is the self-play search's
    /// score, read as a probability (`sigmoid(score / SCORE_UNIT)`): less noisy than results
    /// alone, where one blunder decides a game.
    pub result_weight: f32,
    /// Weights to go on from, in hundredths of a man (a weights file's, of the same layout),
    /// instead of nothing: a fit to deeper or newer games that keeps what the weights learned
    /// from positions these samples lack. They are kept as they are unless an epoch does better
    /// on the held-out positions.
    pub init: Option<Vec<[f32; 2]>>,
}

/// Hundredths of a man per logistic unit when a search score is read as a probability.
pub const SCORE_UNIT: f32 = 100.0;

/// What a fit produced.
#[derive(Clone, Debug)]
pub struct Fitted {
    /// Opening and ending weight of each feature, in hundredths of a man.
    pub weights: Vec<[f32; 2]>,
    /// Hundredths of a man per unit of the logistic model's score.
    pub scale: f32,
    /// Mean cross-entropy on the training and on the held-out positions, per epoch, from epoch
    /// 0: the weights fitting began with.
    pub losses: Vec<(f64, f64)>,
    /// The epoch whose weights were kept (the best on held-out positions); 0 for the weights
    /// given to go on from ([`Fit::init`]), never for a fit from nothing.
    pub best_epoch: usize,
}

/// The features of the samples, computed once.
struct Encoded {
    /// Where each sample's features start in `index` and `value`; one more at the end.
    start: Vec<u32>,
    index: Vec<u32>,
    value: Vec<i16>,
    phase: Vec<f32>,
    target: Vec<f32>,
}

impl Encoded {
    fn empty() -> Encoded {
        Encoded {
            start: vec![0],
            index: Vec::new(),
            value: Vec::new(),
            phase: Vec::new(),
            target: Vec::new(),
        }
    }

    fn new(
        layout: &Layout,
        rules: &RuleSet,
        samples: &[Sample],
        threads: usize,
        result_weight: f32,
    ) -> Encoded {
        let parts = in_parallel(samples, threads, |part| {
            let mut e = Encoded::empty();
            for sample in part {
                let pos = &sample.pos;
                let phase = layout.visit(pos, pos.mobility(rules), |i, v| {
                    e.index.push(i as u32);
                    e.value.push(v.clamp(-32767, 32767) as i16);
                });
                e.start.push(e.index.len() as u32);
                e.phase.push(phase);
                let result = f32::from(sample.result) / 2.0;
                let searched = sigmoid(f32::from(sample.score) / SCORE_UNIT);
                e.target
                    .push(result_weight * result + (1.0 - result_weight) * searched);
            }
            e
        });
        let mut all = Encoded::empty();
        for p in parts {
            let base = all.index.len() as u32;
            all.start.extend(p.start[1..].iter().map(|s| s + base));
            all.index.extend(p.index);
            all.value.extend(p.value);
            all.phase.extend(p.phase);
            all.target.extend(p.target);
        }
        all
    }

    fn len(&self) -> usize {
        self.target.len()
    }

    /// The model's score of sample `k`, in logistic units.
    #[inline]
    fn score(&self, k: usize, w: &[[f32; 2]]) -> f32 {
        let (a, b) = (self.start[k] as usize, self.start[k + 1] as usize);
        let phase = self.phase[k];
        let (mut mg, mut eg) = (0.0, 0.0);
        for j in a..b {
            let x = f32::from(self.value[j]);
            let [wm, we] = w[self.index[j] as usize];
            mg += wm * x;
            eg += we * x;
        }
        phase * mg + (1.0 - phase) * eg
    }

    /// Mean cross-entropy of the samples `ks` under `w`.
    fn loss(&self, ks: &[usize], w: &[[f32; 2]], threads: usize) -> f64 {
        if ks.is_empty() {
            return 0.0;
        }
        let parts = in_parallel(ks, threads, |part| {
            part.iter()
                .map(|&k| cross_entropy(self.target[k], sigmoid(self.score(k, w))))
                .sum::<f64>()
        });
        parts.iter().sum::<f64>() / ks.len() as f64
    }
}

/// `f` of each of `threads` slices of `items`, each on a thread of its own, in order.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    let chunk = items.len().div_ceil(threads.max(1)).max(1);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| s.spawn(move || f(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no thread panicked"))
            .collect()
    })
}

fn sigmoid(z: f32) -> f32 {
    1.0 / (1.0 + (-z).exp())
}

fn cross_entropy(y: f32, p: f32) -> f64 {
    let p = f64::from(p).clamp(1e-7, 1.0 - 1e-7);
    let y = f64::from(y);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

/// Fits the weights of `layout` to `samples` by logistic regression (Adam, mini-batches, L2),
/// holding out every twentieth game to choose the epoch to keep. `progress` hears each epoch's
/// number and losses, epoch 0 being the weights fitting begins with.
///
/// # Panics
/// If `cfg.init` has not one weight pair per feature of `layout`.
pub fn fit(
    layout: &Layout,
    rules: &RuleSet,
    samples: &[Sample],
    cfg: &Fit,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> Fitted {
    let threads = cfg.threads.max(1);
    let data = Encoded::new(layout, rules, samples, threads, cfg.result_weight);
    let (mut train, valid): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|&k| !samples[k].game.is_multiple_of(20));
    let n = layout.features();
    let mut w = match &cfg.init {
        Some(init) => {
            assert_eq!(
                init.len(),
                n,
                "weights to go on from are of the layout fitted"
            );
            let unit = logistic_unit(&data, &valid, init, threads);
            init.iter().map(|&[a, b]| [a / unit, b / unit]).collect()
        }
        None => {
            let mut w = vec![[0.0f32; 2]; n];
            // Material starts where a man is worth a man: about one logistic unit.
            w[1] = [1.0, 1.0];
            w
        }
    };
    let mut m = vec![[0.0f32; 2]; n];
    let mut v = vec![[0.0f32; 2]; n];
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut step = 0i32;
    let mut rng = SmallRng::seed_from_u64(1);
    let start = (
        data.loss(&train, &w, threads),
        data.loss(&valid, &w, threads),
    );
    // Weights given are kept unless an epoch does better; the bare start of a fit from nothing
    // (material alone) is no fit at all.
    let first = if cfg.init.is_some() {
        start.1
    } else {
        f64::INFINITY
    };
    let mut best = (first, 0, w.clone());
    let mut losses = vec![start];
    progress(0, start.0, start.1);
    let globals = 6;
    for epoch in 1..=cfg.epochs {
        // Shuffle.
        for i in (1..train.len()).rev() {
            let j = rng.random_range(0..=i);
            train.swap(i, j);
        }
        for batch in train.chunks(cfg.batch.max(1)) {
            let grad = gradient(&data, batch, &w, threads);
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            let scale = 1.0 / batch.len() as f32;
            for (i, g) in grad.iter().enumerate() {
                for p in 0..2 {
                    let mut gi = g[p] * scale;
                    if i >= globals {
                        gi += cfg.l2 * w[i][p];
                    }
                    if gi == 0.0 && m[i][p] == 0.0 {
                        continue;
                    }
                    m[i][p] = beta1 * m[i][p] + (1.0 - beta1) * gi;
                    v[i][p] = beta2 * v[i][p] + (1.0 - beta2) * gi * gi;
                    w[i][p] -= cfg.rate * (m[i][p] / c1) / ((v[i][p] / c2).sqrt() + eps);
                }
            }
        }
        let tl = data.loss(&train, &w, threads);
        let vl = data.loss(&valid, &w, threads);
        losses.push((tl, vl));
        progress(epoch, tl, vl);
        if vl < best.0 {
            best = (vl, epoch, w.clone());
        } else if epoch >= best.1 + 2 {
            break;
        }
    }
    let (_, best_epoch, w) = best;
    let scale = man_scale(layout, rules, samples, &w);
    Fitted {
        weights: w.iter().map(|&[a, b]| [a * scale, b * scale]).collect(),
        scale,
        losses,
        best_epoch,
    }
}

/// The gradient of the summed cross-entropy of `batch`, over `threads` threads.
fn gradient(data: &Encoded, batch: &[usize], w: &[[f32; 2]], threads: usize) -> Vec<[f32; 2]> {
    let parts = in_parallel(batch, threads, |part| {
        let mut g = Vec::with_capacity(part.len() * 48);
        for &k in part {
            let err = sigmoid(data.score(k, w)) - data.target[k];
            let phase = data.phase[k];
            let (a, b) = (data.start[k] as usize, data.start[k + 1] as usize);
            for j in a..b {
                let x = f32::from(data.value[j]) * err;
                g.push((data.index[j], [x * phase, x * (1.0 - phase)]));
            }
        }
        g
    });
    let mut grad = vec![[0.0f32; 2]; w.len()];
    for part in parts {
        for (i, [a, b]) in part {
            let g = &mut grad[i as usize];
            g[0] += a;
            g[1] += b;
        }
    }
    grad
}

/// The hundredths of a man a logistic unit that weights in hundredths of a man (`init`) fit
/// the held-out positions best with: a weights file does not keep the unit it was fitted in,
/// and the epochs are judged on those positions too.
fn logistic_unit(data: &Encoded, valid: &[usize], init: &[[f32; 2]], threads: usize) -> f32 {
    let probe: Vec<usize> = valid
        .iter()
        .copied()
        .step_by((valid.len() / 200_000).max(1))
        .collect();
    let loss = |unit: i32| {
        let w: Vec<[f32; 2]> = init
            .iter()
            .map(|&[a, b]| [a / unit as f32, b / unit as f32])
            .collect();
        data.loss(&probe, &w, threads)
    };
    let best = |units: &mut dyn Iterator<Item = i32>| {
        units
            .map(|u| (loss(u), u))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map_or(100, |(_, u)| u)
    };
    let coarse = best(&mut (30..=300).step_by(10));
    best(&mut ((coarse - 9).max(1)..=coarse + 9)) as f32
}

/// Hundredths of a man per logistic unit: what taking one man off the board costs in the
/// model's score, on average over the positions (the material weight alone would leave out
/// the patterns' share of a man).
fn man_scale(layout: &Layout, rules: &RuleSet, samples: &[Sample], w: &[[f32; 2]]) -> f32 {
    let score = |pos: &Position| {
        let (mut mg, mut eg) = (0.0, 0.0);
        let phase = layout.visit(pos, pos.mobility(rules), |i, x| {
            mg += w[i][0] * x as f32;
            eg += w[i][1] * x as f32;
        });
        phase * mg + (1.0 - phase) * eg
    };
    let mut total = 0.0f64;
    let mut count = 0u32;
    let step = (samples.len() / 20_000).max(1);
    for s in samples.iter().step_by(step) {
        for color in Color::ALL {
            let Some(sq) = s.pos.pieces_of(color, Role::Man).iter().next() else {
                continue;
            };
            let mut fewer = s.pos;
            fewer.set_piece(sq, None);
            let d = score(&s.pos) - score(&fewer);
            total += f64::from(if color == Color::White { d } else { -d });
            count += 1;
        }
    }
    let per_man = if count > 0 {
        total / f64::from(count)
    } else {
        1.0
    };
    (100.0 / per_man.max(0.05)) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::learned::{Shape, Terms};
    use crate::rules::Variant;

    fn config(threads: usize) -> SelfPlay {
        SelfPlay {
            games: 6,
            depth: 2,
            random_plies: (2, 6),
            max_plies: 120,
            threads,
            seed: 9,
        }
    }

    /// A fit of a few thousand positions, from nothing, in `epochs` at most.
    fn small_fit(epochs: usize) -> Fit {
        Fit {
            epochs,
            batch: 256,
            rate: 0.01,
            l2: 1e-5,
            threads: 2,
            result_weight: 0.5,
            init: None,
        }
    }

    /// The same games whatever the number of threads: each game has its own seed and starts
    /// with a cleared searcher.
    #[test]
    fn self_play_is_reproducible_on_any_number_of_threads() {
        let rules = Variant::English.rules();
        let eval = Evaluator::hand_set(rules);
        let one = self_play(rules, &eval, &config(1), &|_| {});
        let two = self_play(rules, &eval, &config(2), &|_| {});
        assert!(one.len() > 50);
        let key = |s: &[Sample]| -> Vec<(u64, u8, i16, u32)> {
            s.iter()
                .map(|s| (s.pos.key(), s.result, s.score, s.game))
                .collect()
        };
        assert_eq!(key(&one), key(&two));
        assert!(one.iter().all(|s| !s.pos.has_capture(rules)));
    }

    /// Re-scoring gives the same scores on any number of threads and leaves positions, results
    /// and games as they were; a game of one position gets exactly the score a fresh search of
    /// the depth asked gives it, for White.
    #[test]
    fn rescore_is_a_search_of_the_depth_asked_on_any_number_of_threads() {
        let rules = Variant::English.rules();
        let eval = Evaluator::hand_set(rules);
        let played = self_play(rules, &eval, &config(2), &|_| {});
        let (mut one, mut three) = (played.clone(), played.clone());
        rescore(rules, &eval, &mut one, 5, 1, &|_| {});
        let seen = AtomicUsize::new(0);
        rescore(rules, &eval, &mut three, 5, 3, &|n| {
            seen.fetch_max(n, Ordering::Relaxed);
        });
        assert_eq!(seen.into_inner(), played.len());
        let scores = |s: &[Sample]| s.iter().map(|x| x.score).collect::<Vec<_>>();
        assert_eq!(scores(&one), scores(&three));
        assert_ne!(
            scores(&one),
            scores(&played),
            "depth 5 sees what depth 2 did not"
        );
        for (a, b) in one.iter().zip(&played) {
            assert_eq!((a.pos, a.result, a.game), (b.pos, b.result, b.game));
        }
        let lone = played
            .iter()
            .find(|s| s.pos.side_to_move() == Color::Black)
            .expect("Black is to move in some position");
        let mut single = [Sample { game: 0, ..*lone }];
        rescore(rules, &eval, &mut single, 5, 2, &|_| {});
        let fresh = Searcher::with_evaluator(rules, 4, eval.clone()).search(
            &[lone.pos],
            Limits::depth(5),
            &mut |_| {},
        );
        assert_eq!(single[0].score, -(fresh.score.clamp(-2000, 2000) as i16));
    }

    /// Samples written out read back the same, and a file that is not one, or a line that is
    /// not a sample, is refused with its line and what was expected.
    #[test]
    fn samples_read_back_as_written() {
        let rules = Variant::English.rules();
        let eval = Evaluator::hand_set(rules);
        let samples = self_play(rules, &eval, &config(2), &|_| {});
        let mut text = Vec::new();
        write_samples(&mut text, &samples).unwrap();
        let back = read_samples(text.as_slice(), rules).unwrap();
        let key = |s: &[Sample]| -> Vec<(Position, u8, i16, u32)> {
            s.iter()
                .map(|s| (s.pos, s.result, s.score, s.game))
                .collect()
        };
        assert_eq!(key(&back), key(&samples));

        let header = format!("{SAMPLES_HEADER}\n");
        let error = |body: &str| {
            read_samples(format!("{header}{body}").as_bytes(), rules)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            read_samples("W:W21:B1\n".as_bytes(), rules)
                .unwrap_err()
                .to_string(),
            format!("line 1: not a file of Dáma's training samples (expected '{SAMPLES_HEADER}')")
        );
        assert_eq!(
            error("# a note\n\n3 2 40 W:W21:B1\n3 5 40 W:W21:B1\n"),
            "line 5: expected the result (0, 1 or 2), found '3 5 40 W:W21:B1'"
        );
        assert_eq!(
            error("3 2 40\n"),
            "line 2: expected a FEN after the score, found '3 2 40'"
        );
        assert!(error("3 2 40 W:W21:B99\n").starts_with("line 2: a FEN of English draughts: "));
        let long = format!("1 1 0 {}", "W".repeat(5000));
        assert_eq!(
            error(&long),
            format!(
                "line 2: a line longer than 512 bytes, found '{}'",
                &long[..40]
            )
        );
    }

    /// A fit can go on from weights given: epoch 0 is them as they are, in the logistic unit
    /// that fits them best, so that weights just fitted start where their own fit ended.
    #[test]
    fn fitting_goes_on_from_weights_given() {
        let rules = Variant::English.rules();
        let eval = Evaluator::hand_set(rules);
        let samples = self_play(
            rules,
            &eval,
            &SelfPlay {
                games: 40,
                ..config(2)
            },
            &|_| {},
        );
        let layout = Layout::new(rules, Shape::SQUARE, Terms::Base).expect("square windows fit");
        let cfg = small_fit(20);
        let first = fit(&layout, rules, &samples, &cfg, &mut |_, _, _| {});
        let (_, ended) = first.losses[first.best_epoch];
        let again = Fit {
            epochs: 0,
            init: Some(first.weights.clone()),
            ..cfg
        };
        let second = fit(&layout, rules, &samples, &again, &mut |_, _, _| {});
        assert_eq!(second.best_epoch, 0);
        let (_, began) = second.losses[0];
        assert!(began <= ended + 1e-4, "began {began}, ended {ended}");
        let (_, from_nothing) = first.losses[0];
        assert!(from_nothing > ended + 0.01);
    }

    /// Labels that say "more men wins" are learned: the men weight comes out positive and the
    /// loss well below that of a coin toss.
    #[test]
    fn fitting_learns_what_the_labels_say() {
        let rules = Variant::English.rules();
        let eval = Evaluator::hand_set(rules);
        let cfg = SelfPlay {
            games: 40,
            ..config(2)
        };
        let mut samples = self_play(rules, &eval, &cfg, &|_| {});
        for s in &mut samples {
            let men = |c| s.pos.pieces(c).len() as i32;
            let d = men(Color::White) - men(Color::Black);
            s.result = (1 + d.signum()) as u8;
            s.score = (200 * d.signum()) as i16;
        }
        let layout = Layout::new(rules, Shape::SQUARE, Terms::Reach).expect("square windows fit");
        let fit_cfg = small_fit(40);
        let fitted = fit(&layout, rules, &samples, &fit_cfg, &mut |_, _, _| {});
        let (train, _) = fitted.losses[fitted.best_epoch];
        assert!(train < 0.5, "loss {train}");
        assert!(fitted.weights[1][0] > 0.0 && fitted.weights[1][1] > 0.0);
        assert!(fitted.scale > 0.0);
    }
}
