"""The survey file (rows, resume, torn lines, foreign files, the lock) and its statistics.

Dask is not involved here: see test_survey_dask.py for surveys on clusters.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from solver_oracle import brute_force

from canfield.deal import deck_for_deal
from canfield.solver.survey import (
    HEADER,
    DealSet,
    Row,
    SurveyFile,
    SurveyFileError,
    Tally,
    read_survey,
    read_wins,
    resolve_deals,
    retry_deals,
    solve_deal,
    unsolved_deals,
)
from canfield.solver.survey_stats import Summary, wilson_interval
from canfield.state import initial_state
from canfield.variants import variant_named

HEAD = ",".join(HEADER) + "\n"


def row(deal: int, verdict: str = "won", variant: str = "canfield", draw: int = 3) -> Row:
    return Row(deal, variant, draw, verdict, 0.25, 100 + deal)


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(72, 100)
    assert low == pytest.approx(0.6251, abs=1e-4)
    assert high == pytest.approx(0.7986, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summary_counts_unknowns_both_ways() -> None:
    tally = Tally("canfield", 3)
    for verdict in ["won", "won", "lost", "unknown"]:
        tally.count(row(0, verdict))
    summary = Summary.of(tally)
    assert (summary.n, summary.won, summary.lost, summary.unknown) == (4, 2, 1, 1)
    assert summary.rate == pytest.approx(2 / 3)
    assert summary.low == pytest.approx(wilson_interval(2, 4)[0])  # unknown as a loss
    assert summary.high == pytest.approx(wilson_interval(3, 4)[1])  # unknown as a win
    data = summary.as_dict()
    assert {"n", "won", "lost", "unknown", "rate", "low", "high"} <= set(data)


@given(st.integers(0, 300), st.integers(0, 300), st.integers(0, 300))
def test_rate_lies_within_the_interval(won: int, lost: int, unknown: int) -> None:
    summary = Summary.of(Tally("canfield", 3, won, lost, unknown))
    assert 0 <= summary.low <= summary.high <= 1
    if summary.rate is not None:
        assert summary.low <= summary.rate <= summary.high
    else:
        assert won + lost == 0


@given(
    st.sets(st.integers(0, 3_000_000), max_size=60),
    st.integers(0, 3_000_000),
    st.integers(0, 400_000),
)
def test_deal_set_is_a_set(deals: set[int], start: int, length: int) -> None:
    found = DealSet()
    for deal in deals:
        assert found.add(deal)
        assert not found.add(deal)
    assert len(found) == len(deals)
    assert all(deal in found for deal in deals)
    assert (start in found) == (start in deals)
    stop = start + length
    assert found.count_between(start, stop) == sum(start <= d < stop for d in deals)


def test_unsolved_deals_are_streamed() -> None:
    done = DealSet()
    done.add(5)
    done.add(7)
    todo = unsolved_deals(4, 10**8, done)
    assert not isinstance(todo, list | tuple)
    assert [next(todo) for _ in range(4)] == [4, 6, 8, 9]


def test_new_file_rows_and_reopen(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    with SurveyFile(out, "canfield", 3) as survey:
        survey.append([row(10), row(11, "lost")])
        survey.append([row(11, "lost")])  # a retried deal that finished twice is kept once
    assert out.read_text() == HEAD + "10,canfield,3,won,0.2500,110\n11,canfield,3,lost,0.2500,111\n"
    with SurveyFile(out, "canfield", 3) as survey:
        assert 10 in survey.done
        assert 12 not in survey.done
        assert (survey.tally.won, survey.tally.lost) == (1, 1)
    tally = read_survey(out)
    assert (tally.variant, tally.draw, tally.n) == ("canfield", 3, 2)


def test_an_unknown_deal_solved_again_stands_for_it(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    unknown = Row(12, "canfield", 3, "unknown", 10.02, 5000)
    with SurveyFile(out, "canfield", 3) as survey:
        survey.append([row(10), unknown, Row(13, "canfield", 3, "unknown", 10.01, 400)])
        assert survey.unknown == {12: 10.02, 13: 10.01}
        survey.append([row(12, "lost")])  # not a retry: the first row stays
        assert (survey.tally.unknown, survey.tally.lost) == (2, 0)
        survey.append([row(12, "lost"), row(12, "won")], retry=frozenset({12}))
        assert (survey.tally.n, survey.tally.won, survey.tally.lost) == (3, 1, 1)
        assert survey.unknown == {13: 10.01}
    assert (
        out.read_text().splitlines()[-1] == "12,canfield,3,lost,0.2500,112"
    )  # the won was Dask's twin
    with SurveyFile(out, "canfield", 3) as survey:  # reopened: the later row counts
        tally = survey.tally
        assert (tally.n, tally.won, tally.lost, tally.unknown) == (3, 1, 1, 1)
        assert tally.seconds == pytest.approx(0.25 + 10.02 + 10.01 + 0.25)  # every attempt
        assert survey.unknown == {13: 10.01}


def test_a_retry_that_stays_unknown_is_recorded_with_its_longer_attempt(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    with SurveyFile(out, "canfield", 3) as survey:
        survey.append([Row(5, "canfield", 3, "unknown", 1.01, 10)])
        survey.append([Row(5, "canfield", 3, "unknown", 20.3, 99)], retry=frozenset({5}))
    assert read_survey(out).n == 1
    with SurveyFile(out, "canfield", 3) as survey:
        assert survey.unknown == {5: 20.3}
        assert retry_deals(0, 10, survey.unknown, 20.0) == []  # a resumed retry skips it
        assert retry_deals(0, 10, survey.unknown, 60.0) == [5]


def test_retry_deals_are_the_ranges_shorter_unknowns() -> None:
    unknown = {3: 10.0, 7: 10.2, 9: 30.5, 40: 1.0}
    assert retry_deals(0, 10, unknown, 20.0) == [3, 7]
    assert retry_deals(5, 100, unknown, 40.0) == [7, 9, 40]
    assert retry_deals(0, 100, unknown, 10.0) == [40]


@pytest.mark.parametrize(
    "rows",
    [
        ["1,canfield,3,won,0.1,5", "1,canfield,3,lost,0.1,5"],  # a resolved deal again
        ["1,canfield,3,unknown,10.0,5", "1,canfield,3,won,0.1,5", "1,canfield,3,won,0.1,5"],
        # a lost deal is solved again once: a third verdict is a duplicate
        ["1,canfield,3,lost,0.1,5", "1,canfield,3,lost,0.1,5", "1,canfield,3,lost,0.1,5"],
        ["1,canfield,3,lost,0.1,5", "1,canfield,3,won,0.1,5", "1,canfield,3,won,0.1,5"],
        ["1,canfield,3,lost,0.1,5", "1,canfield,3,unknown,20.0,5"] + 2 * ["1,canfield,3,won,0.1,5"],
    ],
)
def test_a_deal_again_after_a_verdict_is_refused(tmp_path: Path, rows: list[str]) -> None:
    out = tmp_path / "s.csv"
    content = HEAD + "".join(line + "\n" for line in rows)
    out.write_text(content)
    with pytest.raises(SurveyFileError, match="already recorded"):
        SurveyFile(out, "canfield", 3)
    assert out.read_text() == content


def test_a_lost_deal_solved_again_stands_for_it_once(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    with SurveyFile(out, "canfield", 3) as survey:
        survey.append([row(10, "lost"), row(11, "lost"), row(12), row(13, "unknown")])
        assert resolve_deals(0, 100, survey.unsettled) == [10, 11]
        survey.append([row(10, "won")])  # not a re-solve: the first row stays
        assert survey.tally.lost == 2
        again = frozenset(resolve_deals(0, 100, survey.unsettled))
        survey.append([row(10, "won"), row(10, "lost"), row(11, "lost")], retry=again)
        tally = survey.tally
        assert (tally.n, tally.won, tally.lost, tally.unknown) == (4, 2, 1, 1)
        assert tally.resolved == {"won": 1, "lost": 1}
        assert resolve_deals(0, 100, survey.unsettled) == []
        survey.append([row(10, "lost")], retry=again)  # Dask's twin of a re-solved deal
    lines = out.read_text().splitlines()
    assert lines[-2:] == ["10,canfield,3,won,0.2500,110", "11,canfield,3,lost,0.2500,111"]
    with SurveyFile(out, "canfield", 3) as survey:  # reopened: the latest rows count
        assert resolve_deals(0, 100, survey.unsettled) == []
        assert (survey.tally.won, survey.tally.lost, survey.tally.resolved) == (
            2,
            1,
            {"won": 1, "lost": 1},
        )
    summary = Summary.of(read_survey(out))
    assert summary.lines()[-1] == "deals recorded lost and solved again: 1 won, 1 lost"
    assert summary.as_dict()["lost_solved_again"] == {"won": 1, "lost": 1}


def test_a_loss_found_by_a_retry_may_be_solved_again_and_a_re_solved_unknown_retried(
    tmp_path: Path,
) -> None:
    out = tmp_path / "s.csv"
    out.write_text(
        HEAD
        + "5,canfield,3,unknown,10.0,9\n5,canfield,3,lost,3.0,9\n"  # a retry's loss
        + "6,canfield,3,lost,1.0,9\n6,canfield,3,unknown,20.0,9\n"  # re-solved: unknown
        + "7,canfield,3,lost,1.0,9\n"  # a first pass's loss
    )
    with SurveyFile(out, "canfield", 3) as survey:
        assert resolve_deals(0, 10, survey.unsettled) == [5, 7]
        assert resolve_deals(0, 10, survey.retried_lost) == [5]  # --resolve-lost retried
        survey.append([row(7, "lost")], retry=frozenset({7}))
        assert retry_deals(0, 10, survey.unknown, 30.0) == [6]
        survey.append([row(6, "lost")], retry=frozenset({6}))  # the retry finds a loss
        assert resolve_deals(0, 10, survey.unsettled) == [5]  # 6 was solved again already
        assert survey.tally.resolved == {"unknown": 1, "lost": 1}
    assert (read_survey(out).lost, read_survey(out).unknown) == (3, 0)


def test_resolve_deals_are_the_ranges_unsettled_losses() -> None:
    deals = DealSet()
    for deal in (3, 65_535, 65_536, 70_000, 9_000_000):
        deals.add(deal)
    deals.discard(70_000)
    deals.discard(12)  # not there: nothing happens
    assert len(deals) == 4
    assert 70_000 not in deals
    assert resolve_deals(0, 10_000_000, deals) == [3, 65_535, 65_536, 9_000_000]
    assert resolve_deals(4, 65_533, deals) == [65_535, 65_536]
    assert resolve_deals(65_537, 100, deals) == []


def test_a_solved_row_is_the_solvers_verdict() -> None:
    found = solve_deal("canfield", 3, 63, 5.0)
    assert (found.deal, found.variant, found.draw, found.verdict) == (63, "canfield", 3, "won")
    assert found.nodes > 0


# Whole deals whose every reachable position a brute force can walk: one pass
# through the stock keeps them small. The atlas's strict rows are nearly all losses.
WHOLE_DEALS = [("strict", 3, n) for n in range(20)] + [
    ("strict", 1, n) for n in (1, 5, 7, 11, 12, 16, 19, 20, 21)
]


@pytest.mark.parametrize(("variant", "draw", "deal"), WHOLE_DEALS, ids=str)
def test_a_deal_the_survey_calls_lost_has_no_winning_line_at_all(
    variant: str, draw: int, deal: int
) -> None:
    truth = brute_force(initial_state(deck_for_deal(deal), draw, variant_named(variant)), 60_000)
    assert truth is False
    assert solve_deal(variant, draw, deal, 10.0).verdict == "lost"


def test_torn_last_line_is_cut_only_when_opening_for_a_run(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    whole = HEAD + "10,canfield,3,won,0.2500,110\n"
    out.write_text(whole + "11,canfield,3,lo")  # killed in the middle of writing a row
    assert read_survey(out).n == 1
    assert out.read_text() == whole + "11,canfield,3,lo"  # a report changes nothing
    with SurveyFile(out, "canfield", 3) as survey:
        assert len(survey.done) == 1
        survey.append([row(11, "lost")])
    assert out.read_text() == whole + "11,canfield,3,lost,0.2500,111\n"


@pytest.mark.parametrize(
    "content",
    [
        "name,age\n",  # one line that is not a survey (issue 11: it was emptied)
        "name,age",  # one line without its newline
        "name,age\nbob,3\nalice,4",
        "deal,variant,draw\n1,canfield,3\n",  # another header
        HEAD + "10,canfield,3,won,0.25,1\nnot a row\n11,canfield,3,won,0.25,1\n",
        HEAD + "10,canfield,3,won,0.25,1\n10,canfield,3,lost,0.25,1\n",  # a deal twice
        HEAD + "10,canfield,3,won,0.25,1\n11,canfield,1,won,0.25,1\n",  # two draw modes
        HEAD + "10,canfield,3,won,0.25,1\n11,canfield,3,maybe,0.25,1\n",
        HEAD + "10,canfield,3,won,0.25,1\n11,canfield,3,won,nan,1\n",
        HEAD + "10,canfield,3,won,0.25,1\n" + "9" * 500,  # a long last line is no torn row
        HEAD + "10,canfield,3,won,0.25,1\nXY Z",
        HEAD + "10,solvitaire,3,won,0.25,1\n",  # another variant
        HEAD + "10,canfield,1,won,0.25,1\n",  # another draw mode
        "\x00\x01\x02" * 1000,
    ],
)
def test_a_foreign_file_is_refused_and_left_byte_identical(tmp_path: Path, content: str) -> None:
    out = tmp_path / "other.csv"
    out.write_text(content)
    before = out.read_bytes()
    with pytest.raises(SurveyFileError):
        SurveyFile(out, "canfield", 3)
    assert out.read_bytes() == before


def test_missing_folder_long_name_and_non_regular_files(tmp_path: Path) -> None:
    with pytest.raises(SurveyFileError, match="does not exist"):
        SurveyFile(tmp_path / "missing" / "s.csv", "canfield", 3)
    with pytest.raises(SurveyFileError, match="too long"):
        SurveyFile(tmp_path / ("x" * 300), "canfield", 3)
    with pytest.raises(SurveyFileError, match="not a regular file"):
        SurveyFile(Path("/dev/zero"), "canfield", 3)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(SurveyFileError, match="not a regular file"):  # and no blocking
        SurveyFile(fifo, "canfield", 3)
    with pytest.raises(SurveyFileError, match="not a regular file"):
        read_survey(fifo)
    with pytest.raises(SurveyFileError):
        SurveyFile(tmp_path, "canfield", 3)


def test_a_second_process_cannot_write_the_same_survey(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    with SurveyFile(out, "canfield", 3) as survey:
        survey.append([row(10)])
        before = out.read_bytes()
        args = ["survey", "--first", "10", "--count", "2", "--jobs", "1", "--out", str(out)]
        other = subprocess.run(
            [sys.executable, "-m", "canfield", *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert other.returncode == 2
        assert "being written by another survey" in other.stderr
        assert len(other.stderr.strip().splitlines()) == 1
        assert out.read_bytes() == before


def test_a_deal_solved_in_a_game_whose_wins_are_these_counts_only_its_win() -> None:
    """``--won-in``: storehouse draw 3 wins deal 3 and loses deal 0; the draw-1 rows say won
    (the line replayed in draw 1) and unknown (a draw-3 loss proves nothing in draw 1)."""
    won = solve_deal("storehouse", 1, 3, 5.0, won_in=("storehouse", 3))
    assert (won.variant, won.draw, won.verdict) == ("storehouse", 1, "won")
    assert solve_deal("storehouse", 3, 0, 5.0).verdict == "lost"
    carried = solve_deal("storehouse", 1, 0, 5.0, won_in=("storehouse", 3))
    assert (carried.draw, carried.verdict) == (1, "unknown")


def test_read_wins_are_the_deals_whose_latest_row_is_won(tmp_path: Path) -> None:
    path = tmp_path / "s.csv"
    path.write_text(
        HEAD
        + "5,canfield,3,won,0.1000,9\n6,canfield,3,unknown,0.1000,9\n"
        + "7,canfield,3,lost,0.1000,9\n6,canfield,3,won,1.0000,99\n8,canfield,3,unknown,0.1,9\n"
    )
    tally, won = read_wins(path)
    assert (tally.variant, tally.draw, tally.won) == ("canfield", 3, 2)
    assert sorted(won.between(0, 100)) == [5, 6]


def test_a_table_smaller_than_the_search_leaves_a_quick_loss_unproved() -> None:
    """Storehouse draw 3, deal 0: lost in 95,433 positions. A table of half that forgets what
    it leaves and searches it again, and 1 s is not enough: what ``--table-limit`` is for."""
    assert solve_deal("storehouse", 3, 0, 1.0, table_limit=100_000).verdict == "lost"
    assert solve_deal("storehouse", 3, 0, 1.0, table_limit=50_000).verdict == "unknown"
