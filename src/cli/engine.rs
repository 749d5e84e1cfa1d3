//! `dama hub` and `dama bestmove`: the engine on the command line.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use dama::notation::pdn;
use dama::rules::{Position, RuleSet};

use super::output::{Failure, Output, bad_file};

/// The weights file of `dama hub --eval` and `dama bestmove --eval`, read whole within
/// [`hub::MAX_EVAL_FILE`] bytes (whether the weights fit the rule set is told where they are
/// read as weights: the hub's `init`, or bestmove before it thinks).
///
/// [`hub::MAX_EVAL_FILE`]: dama::engine::hub::MAX_EVAL_FILE
pub(super) fn read_eval(path: &Path) -> Result<Vec<u8>, Failure> {
    use dama::engine::hub::MAX_EVAL_FILE;
    let fail = |why: String| bad_file(format!("{}: {why}", path.display()));
    if path.is_dir() {
        return Err(fail("a folder, not a weights file".into()));
    }
    let file = File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_EVAL_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_EVAL_FILE {
        return Err(fail(format!(
            "more than {MAX_EVAL_FILE} bytes: not a weights file"
        )));
    }
    Ok(bytes)
}

pub(super) fn bestmove(
    rules: &RuleSet,
    pos: &Position,
    time: Option<u64>,
    depth: Option<u32>,
    threads: usize,
    eval: Option<&Path>,
) -> Result<(), Failure> {
    use dama::engine::learned::Learned;
    use dama::engine::{Evaluator, Limits, Searcher};
    let limits = Limits {
        depth,
        time: time.map(std::time::Duration::from_millis),
        ..Limits::default()
    };
    let mut searcher = match eval {
        Some(path) => {
            let learned = Learned::from_bytes(rules, &read_eval(path)?)
                .map_err(|e| bad_file(format!("{}: {e}", path.display())))?;
            let eval = Evaluator::with_learned(rules, std::sync::Arc::new(learned));
            Searcher::with_evaluator(rules, 64, eval)
        }
        None => Searcher::new(rules, 64),
    };
    searcher.set_threads(threads);
    let report = searcher.search(&[*pos], limits, &mut |r| {
        note!(
            "info depth {} seldepth {} score {} nodes {} nps {} time {} ms",
            r.depth,
            r.seldepth,
            r.score,
            r.nodes,
            r.nps(),
            r.elapsed.as_millis()
        );
    });
    let notation = pdn::pdn_notation(rules);
    let Some(best) = report.best else {
        return Err(bad_file(format!(
            "no legal move: {} has lost",
            pos.side_to_move()
        )));
    };
    let mut out = Output::new();
    out.line(format_args!(
        "{}",
        dama::notation::write(pos, rules, &best, notation)
    ))?;
    out.finish()?;
    let mut line = Vec::new();
    let mut p = *pos;
    for m in &report.pv {
        line.push(dama::notation::write(&p, rules, m, notation));
        p.play_unchecked(m);
    }
    let mate = report
        .mate_in()
        .map(|n| format!(" (win in {n} plies)"))
        .filter(|_| report.score > 0)
        .or_else(|| report.mate_in().map(|n| format!(" (loss in {} plies)", -n)))
        .unwrap_or_default();
    note!(
        "score {}{mate} depth {} nodes {} time {} ms nps {} pv {}",
        report.score,
        report.depth,
        report.nodes,
        report.elapsed.as_millis(),
        report.nps(),
        line.join(" ")
    );
    Ok(())
}

/// `dama hub`: the Hub protocol on stdin and stdout, with the weights of `eval` and the
/// options on trial.
pub(super) fn hub(
    eval: Option<PathBuf>,
    exchanges: bool,
    king_discount: Option<bool>,
) -> Result<(), Failure> {
    let eval = eval.map(|path| read_eval(&path)).transpose()?;
    let stdin = io::stdin().lock();
    let trial = dama::engine::hub::Trial {
        exchanges,
        king_discount,
    };
    dama::engine::hub::run(stdin, io::stdout(), eval, trial)
        .map_err(|e| bad_file(format!("hub: {e}")))
}
