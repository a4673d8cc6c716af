"""Surveys on real Dask clusters, under the faults a long run meets.

A local cluster (the default), and a real ``dask scheduler`` with two ``dask
worker`` processes on 127.0.0.1; the client killed with SIGKILL and rerun, a
worker killed while it holds a deal, Ctrl-C, the scheduler killed, a worker
whose solver raises. Deals 88-111 at draw 3 hold
several that the solver cannot decide in 1-2 s, so deals are reliably in
flight when the faults strike; time limits of 0.5-2 s keep every run to seconds.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import psutil
import pytest
from distributed import Client

from canfield.cli import main
from canfield.solver.survey import HEADER, read_survey, solve_deal

pytestmark = pytest.mark.slow

FIRST = 88
COUNT = 24
WAIT = 90.0
"""Seconds any wait in these tests may take before it fails the test."""


def wait_for(what: str, ready: Callable[[], bool], timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {timeout:g} s")
        time.sleep(0.02)


def rows_in(out: Path) -> list[str]:
    """The complete data lines of a survey file (a torn last line excluded)."""
    if not out.exists():
        return []
    text = out.read_text()
    lines = text.split("\n")[:-1]  # whatever follows the last newline is torn
    return lines[1:]


def deals_in(out: Path) -> list[int]:
    return [int(line.split(",")[0]) for line in rows_in(out)]


def assert_exactly_the_range(out: Path, first: int = FIRST, count: int = COUNT) -> None:
    text = out.read_text()
    assert text.startswith(",".join(HEADER) + "\n")
    assert text.endswith("\n")
    assert sorted(deals_in(out)) == list(range(first, first + count))  # once each
    assert read_survey(out).n == count


def survey_args(out: Path, *extra: str, time_limit: float = 1.0) -> list[str]:
    return [
        "survey",
        "--first",
        str(FIRST),
        "--count",
        str(COUNT),
        "--time-limit",
        str(time_limit),
        "--out",
        str(out),
        *extra,
    ]


SIGINT_AS_IN_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'canfield', *sys.argv[1:]])"
)
"""Run canfield with SIGINT at its default, as a terminal's job has it (a background job
started by a shell, or a test runner's worker, may ignore it)."""


def start(args: list[str]) -> subprocess.Popen[str]:
    """``canfield ARGS`` as a real process in its own process group."""
    return subprocess.Popen(
        [sys.executable, "-c", SIGINT_AS_IN_A_TERMINAL, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def finish(process: subprocess.Popen[str], timeout: float = WAIT) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise
    return process.returncode, out, err


def assert_all_gone(processes: list[psutil.Process]) -> None:
    _, alive = psutil.wait_procs(processes, timeout=30)
    assert not alive, f"still running: {[p.pid for p in alive]}"


def test_survey_on_a_local_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "local.csv"
    assert main(survey_args(out, "--jobs", "2", time_limit=0.5)) == 0
    assert_exactly_the_range(out)
    assert "24 deals solved now" in capsys.readouterr().out
    for line in rows_in(out)[:6]:
        deal, variant, draw, verdict, _, _ = line.split(",")
        again = solve_deal(variant, int(draw), int(deal), 1.0)
        if "unknown" not in (verdict, again.verdict):  # a proof is a proof on any machine
            assert again.verdict == verdict
    assert main(survey_args(out, "--jobs", "2", time_limit=0.5)) == 0  # nothing left to do
    assert "0 deals solved now, 24 were already there" in capsys.readouterr().out
    assert_exactly_the_range(out)


def test_retry_unknown_solves_only_the_shorter_unknowns_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "retry.csv"
    # deals 60-63: quick wins, recorded as if a tiny budget had left 61 and 63 unknown
    out.write_text(
        ",".join(HEADER)
        + "\n60,canfield,3,won,0.0100,50\n61,canfield,3,unknown,0.0010,3\n"
        + "62,canfield,3,won,0.0100,50\n63,canfield,3,unknown,0.0010,3\n"
    )
    args = ["survey", "--first", "60", "--count", "4", "--out", str(out), "--jobs", "1"]
    assert main([*args, "--time-limit", "5", "--retry-unknown"]) == 0
    assert "2 unknown deals solved again, 2 resolved now" in capsys.readouterr().out
    tally = read_survey(out)
    assert (tally.n, tally.unknown, tally.won + tally.lost) == (4, 0, 4)
    deals = deals_in(out)
    assert deals[:4] == [60, 61, 62, 63]  # the old rows stay as they were
    assert sorted(deals[4:]) == [61, 63]  # appended, in the order the workers finish
    before = out.read_text()
    assert main([*args, "--time-limit", "5", "--retry-unknown"]) == 0  # nothing left
    assert "0 unknown deals solved again" in capsys.readouterr().out
    assert out.read_text() == before


def test_retry_unknown_won_in_solves_the_other_games_wins_and_replays_them_here(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Storehouse draw 3 wins deals 3 and 7 and loses 0: a draw-1 retry ``--won-in`` its file
    solves 3 and 7 in draw 3 and records the replayed wins; 0 and 5 (not won there) wait."""
    out = tmp_path / "storehouse-d1.csv"
    out.write_text(
        ",".join(HEADER)
        + "\n0,storehouse,1,unknown,0.0010,3\n3,storehouse,1,unknown,0.0010,3\n"
        + "5,storehouse,1,unknown,0.0010,3\n7,storehouse,1,unknown,0.0010,3\n"
    )
    source = tmp_path / "storehouse-d3.csv"
    source.write_text(
        ",".join(HEADER)
        + "\n0,storehouse,3,lost,0.0800,9\n3,storehouse,3,won,0.0200,9\n"
        + "5,storehouse,3,unknown,5.0000,9\n7,storehouse,3,won,0.0300,9\n"
    )
    args = ["survey", "--variant", "storehouse", "--draw", "1", "--first", "0", "--count", "8"]
    args += ["--out", str(out), "--jobs", "1", "--time-limit", "5", "--retry-unknown"]
    assert main([*args, "--won-in", str(source)]) == 0
    assert "2 unknown deals solved again, 2 resolved now" in capsys.readouterr().out
    new = sorted(line.split(",")[:4] for line in rows_in(out)[4:])
    assert new == [["3", "storehouse", "1", "won"], ["7", "storehouse", "1", "won"]]
    assert main([*args, "--won-in", str(source)]) == 0  # nothing left that draw 3 won
    assert "0 unknown deals solved again" in capsys.readouterr().out


def test_table_limit_reaches_the_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Deal 0 of storehouse draw 3 (lost in 95,433 positions) stays unknown with a table of
    50,000 and is proved lost by the retry with the default table."""
    out = tmp_path / "storehouse-d3.csv"
    args = ["survey", "--variant", "storehouse", "--first", "0", "--count", "1", "--jobs", "1"]
    args += ["--draw", "3", "--out", str(out)]
    assert main([*args, "--time-limit", "1", "--table-limit", "50000"]) == 0
    assert main([*args, "--time-limit", "2", "--retry-unknown"]) == 0
    capsys.readouterr()
    assert [line.split(",")[3] for line in rows_in(out)] == ["unknown", "lost"]


def test_resolve_lost_solves_each_lost_deal_once_again_and_finds_a_wrong_loss(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "resolve.csv"
    # deals 60-63 are quick wins: 61 and 63 recorded as if a faulty build had called them lost
    out.write_text(
        ",".join(HEADER)
        + "\n60,canfield,3,won,0.0100,50\n61,canfield,3,lost,0.0010,3\n"
        + "62,canfield,3,unknown,0.0010,3\n63,canfield,3,lost,0.0010,3\n"
    )
    args = ["survey", "--first", "60", "--count", "4", "--out", str(out), "--jobs", "1"]
    assert main([*args, "--time-limit", "5", "--resolve-lost", "retried"]) == 0
    assert "0 lost deals to solve again" in capsys.readouterr().out  # no retry found them
    assert main([*args, "--time-limit", "5", "--resolve-lost"]) == 0
    said = capsys.readouterr().out
    assert "2 lost deals to solve again, 2 solved now, 0 of them unknown now" in said
    assert "deals recorded lost and solved again: 2 won" in said
    tally = read_survey(out)
    assert (tally.n, tally.won, tally.lost, tally.unknown) == (4, 3, 0, 1)  # 62 untouched
    assert deals_in(out)[:4] == [60, 61, 62, 63]  # the old rows stay as they were
    assert sorted(deals_in(out)[4:]) == [61, 63]
    before = out.read_text()
    assert main([*args, "--time-limit", "5", "--resolve-lost"]) == 0  # nothing left
    assert "0 lost deals to solve again" in capsys.readouterr().out
    assert out.read_text() == before


def test_killing_the_client_leaves_no_worker_and_the_rerun_finishes(tmp_path: Path) -> None:
    out = tmp_path / "killed.csv"
    survey = start(survey_args(out, "--jobs", "2"))
    wait_for("a first row", lambda: len(rows_in(out)) >= 1)
    workers = psutil.Process(survey.pid).children(recursive=True)
    assert len(workers) >= 2
    os.kill(survey.pid, signal.SIGKILL)
    finish(survey)
    assert_all_gone(workers)
    before = rows_in(out)
    assert 1 <= len(before) < COUNT, "the survey ended before it could be killed"
    code, _, err = finish(start(survey_args(out, "--jobs", "2")))
    assert code == 0, err
    assert_exactly_the_range(out)
    assert rows_in(out)[: len(before)] == before  # what was recorded stays as it was


def test_ctrl_c_records_what_is_done_and_stops_the_workers(tmp_path: Path) -> None:
    out = tmp_path / "interrupted.csv"
    survey = start(survey_args(out, "--jobs", "2"))
    wait_for("a first row", lambda: len(rows_in(out)) >= 1)
    workers = psutil.Process(survey.pid).children(recursive=True)
    os.killpg(survey.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
    code, _, err = finish(survey)
    assert code == 130
    assert "the same command resumes the survey" in err
    assert "Traceback" not in err
    assert_all_gone(workers)
    assert 1 <= read_survey(out).n < COUNT
    assert out.read_text().endswith("\n")


@contextmanager
def real_cluster(
    folder: Path, workers: int = 2, worker_path: Path | None = None
) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A real ``dask scheduler`` and ``dask worker`` processes on 127.0.0.1, always stopped.

    ``worker_path`` is the workers' PYTHONPATH (ahead of the installed packages).
    """
    folder.mkdir(parents=True, exist_ok=True)
    address_file = folder / "scheduler.json"
    log = (folder / "cluster.log").open("w")
    processes: list[subprocess.Popen[bytes]] = []

    def spawn(*args: str, path: Path | None = None) -> None:
        env = dict(os.environ)
        if path is not None:
            env["PYTHONPATH"] = str(path)
        processes.append(
            subprocess.Popen(
                [sys.executable, "-m", "dask", *args],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                cwd=folder,
                env=env,
            )
        )

    try:
        spawn(
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(address_file),
        )
        wait_for("the scheduler", lambda: address_file.exists() and address_file.stat().st_size > 0)
        address = json.loads(address_file.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        for number in range(workers):
            spawn(
                "worker",
                address,
                "--name",
                f"w{number}",
                "--nthreads",
                "1",
                "--host",
                "127.0.0.1",
                "--no-dashboard",
                "--local-directory",
                str(folder),
                path=worker_path,
            )
        with Client(address, timeout=WAIT) as client:
            client.wait_for_workers(workers, timeout=WAIT)
        yield address, processes
    finally:
        for process in reversed(processes):
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        for process in reversed(processes):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        log.close()


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a real scheduler with two workers, shared by this module's tests."""
    with real_cluster(tmp_path_factory.mktemp("dask")) as (address, _):
        yield address


def test_survey_on_a_real_scheduler_killed_and_resumed(tmp_path: Path, scheduler: str) -> None:
    out = tmp_path / "cluster.csv"
    survey = start(survey_args(out, "--scheduler", scheduler))
    wait_for("a first row", lambda: len(rows_in(out)) >= 1)
    os.kill(survey.pid, signal.SIGKILL)
    finish(survey)
    before = rows_in(out)
    assert 1 <= len(before) < COUNT, "the survey ended before it could be killed"
    code, _, err = finish(start(survey_args(out, "--scheduler", scheduler)))
    assert code == 0, err
    assert_exactly_the_range(out)
    assert rows_in(out)[: len(before)] == before


def test_a_killed_workers_deal_is_retried_once(tmp_path: Path, scheduler: str) -> None:
    out = tmp_path / "lost-worker.csv"
    slow = FIRST  # deal 88 takes the whole time limit: it is in flight when the kill comes
    with Client(scheduler, timeout=WAIT) as watcher:
        watcher.wait_for_workers(2, timeout=WAIT)
        survey = start(survey_args(out, "--scheduler", scheduler, time_limit=2.0))
        victim: dict[str, int] = {}

        def holding_the_slow_deal() -> bool:
            for worker, keys in watcher.processing().items():
                if any(f"-d3-{slow}-t" in str(key) for key in keys):
                    victim["pid"] = watcher.run(os.getpid, workers=[worker])[worker]
                    return True
            return False

        wait_for("a worker holding the slow deal", holding_the_slow_deal)
        os.kill(victim["pid"], signal.SIGKILL)
        assert_all_gone([psutil.Process(victim["pid"])] if psutil.pid_exists(victim["pid"]) else [])
        code, _, err = finish(survey)
        assert code == 0, err
        assert_exactly_the_range(out)
        assert deals_in(out).count(slow) == 1
        watcher.wait_for_workers(2, timeout=WAIT)  # the nanny restarts the worker


def test_a_lost_scheduler_stops_the_survey_and_a_new_one_finishes_it(tmp_path: Path) -> None:
    out = tmp_path / "lost-scheduler.csv"
    with real_cluster(tmp_path / "first") as (address, processes):
        survey = start(survey_args(out, "--scheduler", address))
        wait_for("a first row", lambda: len(rows_in(out)) >= 1)
        os.killpg(processes[0].pid, signal.SIGKILL)  # the scheduler's machine is gone
        code, _, err = finish(survey)
    assert code == 1
    assert "the Dask scheduler was lost" in err
    assert "the same command resumes the survey" in err
    assert "Traceback" not in err
    before = rows_in(out)
    assert 1 <= len(before) < COUNT
    with real_cluster(tmp_path / "second", workers=1) as (address, _):
        code, _, err = finish(start(survey_args(out, "--scheduler", address)))
    assert code == 0, err
    assert_exactly_the_range(out)
    assert rows_in(out)[: len(before)] == before


def test_a_deal_failing_on_a_worker_stops_the_survey_and_records_nothing(tmp_path: Path) -> None:
    broken = tmp_path / "broken"  # a worker whose solver raises (a bug, a wrong version)
    (broken / "canfield" / "solver").mkdir(parents=True)
    (broken / "canfield" / "__init__.py").write_text("")
    (broken / "canfield" / "solver" / "__init__.py").write_text("")
    (broken / "canfield" / "solver" / "survey.py").write_text(
        "def solve_deal(*args):\n    raise RuntimeError('the solver is broken here')\n"
    )
    out = tmp_path / "broken-worker.csv"
    with real_cluster(tmp_path / "cluster", workers=1, worker_path=broken) as (address, _):
        code, _, err = finish(start(survey_args(out, "--scheduler", address)))
    assert code == 1
    assert "failed on a worker: RuntimeError: the solver is broken here" in err
    assert "Traceback" not in err
    assert read_survey(out).n == 0  # no verdict was guessed
