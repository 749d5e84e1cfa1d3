//! Learns the evaluation of one rule set and writes its weights file, from nothing:
//!
//! ```text
//! cargo run --release --example train_eval -- VARIANT [--games N] [--depth D] [--rounds R]
//!     [--threads T] [--epochs E] [--result-weight W] [--windows RxS] [--out FILE]
//!     [--from FILE] [--seed S] [--terms base|reach|edges] [--compare]
//!     [--save FILE] [--samples FILE]... [--init FILE] [--rate R] [--king-discount on|off]
//!     [--play-only] [--rescore D]
//! cargo run --release --example train_eval -- VARIANT --average FILE --average FILE...
//!     [--out FILE]
//! cargo run --release --example train_eval -- czech --games 20000
//! ```
//!
//! Round 1 plays `N` self-play games searching `D` plies (default 6) with the hand-set
//! evaluation (after 2–8 random plies, so that no two games are alike), keeps every position
//! without a capture due, labelled with the game's result blended with the search's score
//! (weight `W` on the result, default 0.5), and fits the learned weights to them. Each further round
//! plays `N` more games with the weights just fitted and fits again on all positions so far.
//! The pattern windows cover `R` rows each and start every `S` rows (default `4x2`, Scan 2.0's
//! 4 × 4 squares); the shape is written into the file. `--terms reach` adds Scan's king reach
//! and left/right balance to the terms, `--terms edges` those and Scan's two 9-square patterns
//! of the edges; `--terms base` leaves them out. The default is the terms of the rule set's
//! shipped file: reach for International, where they passed their SPRT, base for the others
//! until theirs do. `--compare` also fits other terms to the same positions in the last round
//! (with `--rounds 0`, the files'; base for reach, reach for base or edges), prints its held-out
//! loss beside and writes its weights to FILE.base or FILE.reach, so that a new term is judged on
//! the same data before any match.
//! The weights go to `assets/eval/VARIANT.eval` (or FILE), which the program builds in.
//! `--from FILE` plays round 1 with the weights of FILE instead of the hand-set evaluation, to
//! go on from weights already learned (the windows are then FILE's); `--seed S` (default 0)
//! moves the rounds' seeds, so that going on plays other openings than the rounds before.
//! `--save FILE` writes the positions this run's self-play gave, with their labels, to FILE
//! (rewritten whole after each round); `--samples FILE` (as often as wanted) fits on the
//! positions of such files besides, so that games played in several runs, or on several
//! machines side by side, are fitted together. With `--rounds 0` no game is played: the
//! weights are fitted to the files' positions alone. `--init FILE` fits on from FILE's weights
//! (of the layout fitted) instead of from nothing, keeping them unless an epoch does better on
//! the held-out games: new games then refine weights learned from others no longer at hand;
//! `--rate R` sets Adam's step (default 0.002; smaller, as 0.0005, for such a refinement).
//! `--king-discount on|off` has the self-play search discount a lead while the side behind has
//! a king, or not (default: as the program plays the rule set, on in International).
//! `--play-only` (with `--save`) plays the rounds and saves their positions without fitting:
//! every round plays with the starting weights, and no weights are written. It is for sets that
//! a later `--rounds 0` run fits together, which need not pay for a fit of each set alone.
//! `--rescore D` searches every position of the `--samples` files again, `D` plies deep with the
//! starting weights, and labels it with that score instead of the one its game's search gave:
//! deeper labels without playing the games again. `--save` then writes the re-scored positions
//! first; `--rounds 0 --play-only --save FILE` does nothing but re-score, for a later fit.
//! `--average FILE` (twice or more) plays and fits nothing: it writes the mean of those weights
//! files (of one layout) to `--out`. The evaluation is linear in its weights, so the mean's score
//! is the mean of theirs: an ensemble of fits that saw different games, at the cost of one.
//! Everything runs on T threads (default: every core); `tools/train-eval.sh` does all rule sets.

use std::sync::Arc;
use std::time::Instant;

use dama::engine::Evaluator;
use dama::engine::learned::{EXTRA_NAMES, GLOBAL_NAMES, Layout, Learned, SCALE, Shape, Terms};
use dama::engine::train::{
    Fit, Sample, SelfPlay, fit, read_samples, rescore, self_play, write_samples,
};
use dama::rules::Variant;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: train_eval VARIANT [--games N] [--depth D] [--rounds R] [--threads T] [--epochs E] [--result-weight W] [--windows RxS] [--out FILE] [--from FILE] [--seed S] [--terms base|reach|edges] [--compare] [--save FILE] [--samples FILE]... [--init FILE] [--rate R] [--king-discount on|off] [--play-only] [--rescore D] [--average FILE]...";
    let variant: Variant = args
        .next()
        .and_then(|v| Variant::ALL.into_iter().find(|x| x.id() == v))
        .unwrap_or_else(|| {
            eprintln!("{usage}");
            std::process::exit(2)
        });
    let rules = variant.rules();
    let mut games = 10_000;
    let mut depth = 6;
    let mut rounds = 2;
    let mut epochs = 30;
    let mut result_weight = 0.5f32;
    let mut shape = Shape::SQUARE;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = format!("assets/eval/{}.eval", variant.id());
    let mut from = None;
    let mut seed = 0;
    let mut terms = None;
    let mut compare = false;
    let mut play_only = false;
    let mut rescore_depth = None;
    let mut save = None;
    let mut init = None;
    let mut rate = 0.002f32;
    let mut discount = None;
    let mut loaded: Vec<Sample> = Vec::new();
    let mut average = Vec::new();
    while let Some(flag) = args.next() {
        if flag == "--compare" {
            compare = true;
            continue;
        }
        if flag == "--play-only" {
            play_only = true;
            continue;
        }
        let value = args.next().unwrap_or_else(|| {
            eprintln!("{usage}");
            std::process::exit(2)
        });
        let number = || -> usize {
            value.parse().unwrap_or_else(|_| {
                eprintln!("{flag}: a number, not {value}");
                std::process::exit(2)
            })
        };
        match flag.as_str() {
            "--games" => games = number(),
            "--depth" => depth = number() as u32,
            "--rescore" => rescore_depth = Some(number().clamp(1, 64) as u32),
            "--rounds" => rounds = number(),
            "--save" => save = Some(value.clone()),
            "--init" => init = Some(value.clone()),
            "--average" => average.push(value.clone()),
            "--rate" => {
                rate = value.parse::<f32>().unwrap_or(-1.0);
                if !(rate > 0.0 && rate <= 1.0) {
                    eprintln!("--rate: above 0, at most 1, not {value}");
                    std::process::exit(2)
                }
            }
            "--samples" => {
                let read = std::fs::File::open(&value)
                    .map_err(dama::engine::train::SamplesError::from)
                    .and_then(|f| read_samples(std::io::BufReader::new(f), rules));
                let mut more = read.unwrap_or_else(|e| {
                    eprintln!("--samples {value}: {e}");
                    std::process::exit(2)
                });
                // Games of different files are different games, also for the held-out share.
                let offset = next_game(&loaded);
                for s in &mut more {
                    s.game += offset;
                }
                println!("{value}: {} positions", more.len());
                loaded.extend(more);
            }
            "--threads" => threads = number().max(1),
            "--epochs" => epochs = number().max(1),
            "--result-weight" => {
                result_weight = value.parse::<f32>().unwrap_or(-1.0);
                if !(0.0..=1.0).contains(&result_weight) {
                    eprintln!("--result-weight: 0 to 1, not {value}");
                    std::process::exit(2)
                }
            }
            "--windows" => {
                shape = Shape::parse(&value).unwrap_or_else(|| {
                    eprintln!("--windows: ROWSxSTEP, 2 to 6 rows, a step of 1 or 2, not {value}");
                    std::process::exit(2)
                })
            }
            "--out" => out = value.clone(),
            "--from" => from = Some(value.clone()),
            "--seed" => seed = number() as u64,
            "--king-discount" => {
                discount = match value.as_str() {
                    "on" => Some(true),
                    "off" => Some(false),
                    _ => {
                        eprintln!("--king-discount: on or off, not {value}");
                        std::process::exit(2)
                    }
                }
            }
            "--terms" => {
                terms = match value.as_str() {
                    "base" => Some(Terms::Base),
                    "reach" => Some(Terms::Reach),
                    "edges" => Some(Terms::Edges),
                    _ => {
                        eprintln!("--terms: base, reach or edges, not {value}");
                        std::process::exit(2)
                    }
                }
            }
            _ => {
                eprintln!("{usage}");
                std::process::exit(2)
            }
        }
    }
    if !average.is_empty() {
        write_average(&average, &out, rules);
        return;
    }
    if rounds == 0 && loaded.is_empty() {
        eprintln!("--rounds 0 fits the positions of --samples files alone: give one");
        std::process::exit(2)
    }
    if rescore_depth.is_some() && loaded.is_empty() {
        eprintln!("--rescore searches the positions of --samples files again: give one");
        std::process::exit(2)
    }
    if play_only && (save.is_none() || (rounds == 0 && rescore_depth.is_none()) || compare) {
        eprintln!(
            "--play-only plays rounds (or --rescore) to --save without fitting: give --save and rounds or --rescore, not --compare"
        );
        std::process::exit(2)
    }
    let terms = terms
        .unwrap_or_else(|| Learned::shipped(rules).map_or(Terms::Base, |l| l.layout().terms()));
    let start = from.map(|file| {
        let learned = read_weights("--from", &file, rules);
        shape = learned.layout().shape();
        Evaluator::with_learned(rules, Arc::new(learned))
    });
    let layout = Layout::new(rules, shape, terms).unwrap_or_else(|| {
        eprintln!("--windows {shape}: the windows do not cover the board evenly");
        std::process::exit(2)
    });
    let init_weights = init.map(|file| {
        let learned = read_weights("--init", &file, rules);
        let theirs = learned.layout();
        if (theirs.shape(), theirs.terms()) != (shape, terms) {
            eprintln!(
                "--init {file}: weights of windows {} and terms {:?}, not of the {shape} and {terms:?} fitted",
                theirs.shape(),
                theirs.terms()
            );
            std::process::exit(2)
        }
        learned.weights()
    });
    println!(
        "{}: {} features ({} windows of {shape}, terms {terms:?}), {games} games a round at depth {depth}, {rounds} rounds, {threads} threads",
        variant.id(),
        layout.features(),
        layout.windows()
    );
    let all = Instant::now();
    // This run's games are numbered after the files', and its positions follow theirs.
    let first_game = next_game(&loaded);
    let from_files = loaded.len();
    let mut samples = loaded;
    let mut eval = start.unwrap_or_else(|| Evaluator::hand_set(rules));
    // What --save writes: the re-scored files' positions too, or this run's games alone.
    let saved_from = if rescore_depth.is_some() {
        0
    } else {
        from_files
    };
    if let Some(d) = rescore_depth {
        if let Some(on) = discount {
            eval.set_king_discount(on);
        }
        let started = Instant::now();
        let total = samples.len();
        let step = (total / 10).max(1);
        let reported = std::sync::atomic::AtomicUsize::new(0);
        rescore(rules, &eval, &mut samples, d, threads, &|done| {
            let tenth = done / step;
            if reported.fetch_max(tenth, std::sync::atomic::Ordering::Relaxed) < tenth {
                eprintln!("  re-scored {done}/{total} positions");
            }
        });
        println!(
            "re-scored {total} positions at depth {d} in {:.0} s",
            started.elapsed().as_secs_f64()
        );
        if let Some(path) = &save {
            save_samples(path, &samples);
        }
    }
    for round in 0..rounds.max(1) {
        if rounds > 0 {
            let started = Instant::now();
            let cfg = SelfPlay {
                games,
                depth,
                random_plies: (2, 8),
                max_plies: 300,
                threads,
                seed: 0x0DA3A + seed + round as u64,
            };
            if let Some(on) = discount {
                eval.set_king_discount(on);
            }
            let step = (games / 10).max(1);
            let mut new = self_play(rules, &eval, &cfg, &|done| {
                if done % step == 0 {
                    eprintln!("  round {}: {done}/{games} games", round + 1);
                }
            });
            let offset = first_game + (round * games) as u32;
            for s in &mut new {
                s.game += offset;
            }
            let results = [0u8, 1, 2].map(|r| new.iter().filter(|s| s.result == r).count());
            println!(
                "round {}: {} positions from {games} games in {:.0} s (positions by result: White lost {}, drawn {}, won {})",
                round + 1,
                new.len(),
                started.elapsed().as_secs_f64(),
                results[0],
                results[1],
                results[2]
            );
            samples.extend(new);
            if let Some(path) = &save {
                save_samples(path, &samples[saved_from..]);
            }
        }
        if play_only {
            continue;
        }
        let started = Instant::now();
        let cfg = Fit {
            epochs,
            batch: 4096,
            rate,
            l2: 1e-5,
            threads,
            result_weight,
            init: init_weights.clone(),
        };
        let fitted = fit(
            &layout,
            rules,
            &samples,
            &cfg,
            &mut |epoch, train, valid| {
                eprintln!("  epoch {epoch}: loss {train:.4} (held out {valid:.4})");
            },
        );
        let (train, valid) = fitted.losses[fitted.best_epoch];
        println!(
            "fit {}: {} positions, epoch {} of {} kept, loss {train:.4}, held out {valid:.4}, {:.1} hundredths of a man per unit, {:.0} s",
            round + 1,
            samples.len(),
            fitted.best_epoch,
            fitted.losses.len() - 1,
            fitted.scale,
            started.elapsed().as_secs_f64()
        );
        let extras = &fitted.weights[layout.extras()..];
        for (name, [mg, eg]) in GLOBAL_NAMES
            .iter()
            .zip(&fitted.weights)
            .chain(EXTRA_NAMES.iter().zip(extras))
        {
            println!("  {name:>11}: opening {mg:7.1}, ending {eg:7.1}");
        }
        let bytes = Learned::to_bytes(&layout, &fitted.weights);
        let learned = Learned::from_bytes(rules, &bytes).expect("the layout just fitted");
        eval = Evaluator::with_learned(rules, Arc::new(learned));
        if let Err(e) = std::fs::write(&out, &bytes) {
            eprintln!("{out}: {e}");
            std::process::exit(1);
        }
        println!("wrote {out} ({} bytes)", bytes.len());
        if compare && round + 1 == rounds.max(1) {
            let other = match terms {
                Terms::Base | Terms::Edges => Terms::Reach,
                Terms::Reach => Terms::Base,
            };
            let other = Layout::new(rules, shape, other).expect("the same windows fit");
            let started = Instant::now();
            let cfg = Fit { init: None, ..cfg };
            let fitted = fit(&other, rules, &samples, &cfg, &mut |_, _, _| {});
            let (train, valid) = fitted.losses[fitted.best_epoch];
            let path = format!("{out}.{:?}", other.terms()).to_lowercase();
            println!(
                "beside it, terms {:?} on the same positions: loss {train:.4}, held out {valid:.4} ({:.0} s), written to {path}",
                other.terms(),
                started.elapsed().as_secs_f64()
            );
            if let Err(e) = std::fs::write(&path, Learned::to_bytes(&other, &fitted.weights)) {
                eprintln!("{path}: {e}");
                std::process::exit(1);
            }
        }
    }
    println!("done in {:.0} s", all.elapsed().as_secs_f64());
}

/// Writes `samples` to `path` through a file beside it, so that an existing file is replaced
/// only by a whole one.
fn save_samples(path: &str, samples: &[Sample]) {
    let partial = format!("{path}.partial");
    let written = std::fs::File::create(&partial).and_then(|f| {
        let mut out = std::io::BufWriter::new(f);
        write_samples(&mut out, samples)?;
        std::io::Write::flush(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&partial, path)) {
        eprintln!("--save {path}: {e}");
        std::process::exit(1);
    }
    println!("saved {} positions to {path}", samples.len());
}

/// The number after the last game of `samples` (0 for none), for games that must not be taken
/// for theirs.
fn next_game(samples: &[Sample]) -> u32 {
    samples.iter().map(|s| s.game + 1).max().unwrap_or(0)
}

/// Writes the mean of the weights `files` to `out`: each weight the mean of theirs in the
/// file's own units, rounded half to even.
fn write_average(files: &[String], out: &str, rules: &dama::rules::RuleSet) {
    if files.len() < 2 {
        eprintln!("--average: give two weights files or more");
        std::process::exit(2)
    }
    let read: Vec<Learned> = files
        .iter()
        .map(|f| read_weights("--average", f, rules))
        .collect();
    let layout = read[0].layout();
    for (file, learned) in files.iter().zip(&read).skip(1) {
        let theirs = learned.layout();
        if (theirs.shape(), theirs.terms()) != (layout.shape(), layout.terms()) {
            eprintln!(
                "--average {file}: weights of windows {} and terms {:?}, not {}'s {} and {:?}",
                theirs.shape(),
                theirs.terms(),
                files[0],
                layout.shape(),
                layout.terms()
            );
            std::process::exit(2)
        }
    }
    let weights: Vec<Vec<[f32; 2]>> = read.iter().map(Learned::weights).collect();
    let unit = SCALE as f32;
    let n = weights.len() as f32;
    let mean: Vec<[f32; 2]> = (0..weights[0].len())
        .map(|i| {
            [0, 1].map(|k| {
                let sum: f32 = weights.iter().map(|w| w[i][k] * unit).sum();
                (sum / n).round_ties_even() / unit
            })
        })
        .collect();
    if let Err(e) = std::fs::write(out, Learned::to_bytes(layout, &mean)) {
        eprintln!("{out}: {e}");
        std::process::exit(1)
    }
    println!("wrote {out}: the mean of {} weights files", files.len());
}

/// The weights of the weights file `file`, given by `flag`; a file that cannot be read or is
/// not one for `rules` ends the run with the reason.
fn read_weights(flag: &str, file: &str, rules: &dama::rules::RuleSet) -> Learned {
    std::fs::read(file)
        .map_err(|e| e.to_string())
        .and_then(|bytes| Learned::from_bytes(rules, &bytes).map_err(|e| e.to_string()))
        .unwrap_or_else(|e| {
            eprintln!("{flag} {file}: {e}");
            std::process::exit(2)
        })
}
