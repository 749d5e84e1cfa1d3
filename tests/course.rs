//! The course's data: every lesson of every rule set reads, and every accepted answer of every
//! task is played through the rules core — a move that is illegal where it is played, or names
//! several moves, or a square off the board fails here, before a learner meets it.

use dama::course::{Attempt, Course, CourseError, Goal, Verdict};
use dama::rules::Variant;

#[test]
fn every_answer_of_every_course_is_legal_and_solves_its_task() {
    let mut courses = 0;
    for variant in Variant::ALL {
        let Some(course) = Course::of(variant) else {
            continue;
        };
        courses += 1;
        let course = course.unwrap_or_else(|e| panic!("{variant:?}: {e}"));
        assert!(!course.lessons.is_empty(), "{variant:?}");
        // Progress is kept under a lesson's id: two lessons of a course never share one.
        let mut ids: Vec<&str> = course.lessons.iter().map(|l| l.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(
            ids.len(),
            course.lessons.len(),
            "{variant:?}: a lesson id twice"
        );
        for lesson in &course.lessons {
            assert!(!lesson.title.cs.is_empty() && !lesson.title.en.is_empty());
            assert!(!lesson.say.is_empty(), "{}: nothing said", lesson.id);
            for (i, task) in lesson.tasks.iter().enumerate() {
                let where_ = format!("{variant:?}, {}, task {}", lesson.id, i + 1);
                assert!(
                    !task.ask.cs.is_empty() && !task.ask.en.is_empty(),
                    "{where_}"
                );
                assert!(
                    !task.hint.cs.is_empty() && !task.hint.en.is_empty(),
                    "{where_}"
                );
                let rules = variant.rules();
                let ready = task.ready(rules, &lesson.id, i + 1).unwrap();
                // What the board shows a sighted helper lies on the board.
                let board = ready.position.board();
                for &n in task
                    .marks
                    .iter()
                    .chain(task.arrows.iter().flat_map(|(a, b)| [a, b]))
                {
                    assert!(
                        board.square(n).is_some(),
                        "{where_}: mark {n} is off the board"
                    );
                }
                // Each answer, played as the learner would, solves the task with three stars.
                match &task.goal {
                    Goal::Play(lines) => {
                        for n in 0..lines.len() {
                            let mut attempt = Attempt::new(ready.clone(), rules);
                            let dama::course::Answer::Lines(moves) = &ready.answer else {
                                unreachable!()
                            };
                            for &mv in moves[n].iter().step_by(2) {
                                let verdict = attempt.try_move(mv);
                                assert!(
                                    matches!(verdict, Verdict::Right { .. }),
                                    "{where_}, answer {}: {verdict:?}",
                                    n + 1
                                );
                            }
                            assert!(attempt.is_solved(), "{where_}, answer {}", n + 1);
                            assert_eq!(attempt.stars(), 3, "{where_}");
                        }
                    }
                    Goal::Square(_) => {
                        let dama::course::Answer::Squares(squares) = &ready.answer else {
                            unreachable!()
                        };
                        for &sq in squares {
                            let mut attempt = Attempt::new(ready.clone(), rules);
                            assert!(matches!(attempt.try_square(sq), Verdict::Right { .. }));
                        }
                    }
                    // A key to press: a command of the window's table, by its name.
                    Goal::Command(name) => {
                        assert!(
                            dama::ui::Command::named(name).is_some(),
                            "{where_}: no command {name:?}"
                        );
                        let mut attempt = Attempt::new(ready.clone(), rules);
                        assert_eq!(attempt.try_command("NoSuchCommand"), None, "{where_}");
                        assert!(matches!(
                            attempt.try_command(name),
                            Some(Verdict::Right { solved: true, .. })
                        ));
                        assert_eq!(attempt.stars(), 3, "{where_}");
                    }
                }
            }
        }
    }
    // Every rule set but the book variant of Česká dáma has its course.
    assert_eq!(courses, 4);
}

#[test]
fn a_broken_answer_is_found() {
    let course = |answer: &str| {
        let text = format!(
            r#"(lessons: [(id: "x", title: (cs: "x", en: "x"), say: [(cs: "x", en: "x")],
                tasks: [(fen: "W:W22:B18", ask: (cs: "x", en: "x"), hint: (cs: "x", en: "x"),
                goal: Play([[{answer}]]))])])"#
        );
        Course::parse(Variant::Czech, &text)
    };
    assert!(course(r#""22x15""#).is_ok());
    // Illegal: a capture is due.
    assert!(
        matches!(course(r#""22-17""#), Err(CourseError::Move { .. })),
        "{:?}",
        course(r#""22-17""#)
    );
    // Written as a plain move although it captures.
    assert!(matches!(
        course(r#""22-15""#),
        Err(CourseError::Shape { .. })
    ));
    // Ending with the opponent's reply.
    assert!(matches!(
        course(r#""22x15", "1-5""#),
        Err(CourseError::Shape { .. })
    ));
    // Not a course at all.
    assert!(matches!(
        Course::parse(Variant::Czech, "(lessons: 3)"),
        Err(CourseError::Data { .. })
    ));
}
