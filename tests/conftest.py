"""Shared fixtures and the rule-ID marker bookkeeping."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.rules_coverage import KNOWN_IDS, record_outcome

# The everyday run (and CI) draws the same Hypothesis examples every time, so a green run stays green and a
# red one is reproducible; RT0_SOAK=1 (see README) explores fresh examples.
# No deadline: speed is measured in benchmarks, never in tests, and a shared machine's load made one example of a
# character's round trip take 376 ms against Hypothesis's default 200 ms.
settings.register_profile("everyday", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("soak", derandomize=False, print_blob=True, deadline=None)
settings.load_profile("soak" if os.environ.get("RT0_SOAK", "") not in ("", "0") else "everyday")


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves into a folder of its own (RT0_SAVE_DIR), never the player's data folder."""
    folder = tmp_path_factory.mktemp("saves")
    monkeypatch.setenv("RT0_SAVE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_window_outlives_its_test() -> Iterator[None]:
    """Carry out the deletions pytest-qt asked for when it closed the test's widgets: ``deleteLater`` outside a
    running event loop waits for one that never comes, so every window of every test piled up in the worker and
    each later restyle, layout and event pass walked them all (a themed screenshot cost 0.25 s of CPU alone and
    6 s after a few dozen window tests)."""
    yield
    core = sys.modules.get("PySide6.QtCore")
    if core is not None and core.QCoreApplication.instance() is not None:
        core.QCoreApplication.sendPostedEvents(None, core.QEvent.Type.DeferredDelete)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test tagged with an ID the inventory does not know is an error, not a silent miss."""
    for item in items:
        for mark in item.iter_markers("rule"):
            unknown = [rule_id for rule_id in mark.args if rule_id not in KNOWN_IDS]
            if unknown:
                raise pytest.UsageError(f"{item.nodeid}: unknown rule ID(s) {unknown}; see docs/rules-inventory.md")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """Tag the call report with the test's rule IDs: under pytest-xdist the report travels to the controller."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        ids = [rule_id for mark in item.iter_markers("rule") for rule_id in mark.args]
        if ids:
            report.user_properties.append(("rule_ids", ids))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Runs where the results are gathered (the controller under xdist), once per report."""
    if report.when == "call":
        for key, ids in report.user_properties:
            if key == "rule_ids":
                record_outcome(report.nodeid, list(ids), report.passed)


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workerinput"):
        return  # an xdist worker: the controller writes the results it was sent
    from tests.rules_coverage import write_results

    write_results()
