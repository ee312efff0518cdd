"""Arguments checked by meaning, and arguments reflected into nested answer fields."""

from __future__ import annotations

import pytest

from mcp_sim.errors import InvalidArguments
from mcp_sim.simulation.builtin import meaning


def test_an_unknown_time_zone_is_refused_and_known_ones_pass() -> None:
    meaning.check("get_time", {"timezone": "Asia/Tokyo", "source_timezone": "UTC", "note": "Mars/Olympus_Mons"})
    with pytest.raises(InvalidArguments, match="Invalid timezone: 'Mars/Olympus_Mons'"):
        meaning.check("get_time", {"target_timezone": "Mars/Olympus_Mons"})
    with pytest.raises(InvalidArguments, match="tz"):
        meaning.check("convert", {"tz": "Nowhere/City"})


def test_an_optional_expression_is_the_tools_own_language_not_arithmetic() -> None:
    # a factor ledger's ``evaluate(factor, expr="ts_mean(ret, 20)")`` labels a trial with its formula: refusing it
    # as an unknown identifier failed every evaluation; a calculator requires its expression and is still checked
    schema = {"properties": {"factor": {"type": "object"}, "expr": {"type": "string"}}, "required": ["factor"]}
    assert meaning.derived("evaluate", {"factor": {}, "expr": "ts_mean(ret, 20)"}, schema) == {}
    calculator = {"properties": {"expression": {"type": "string"}}, "required": ["expression"]}
    assert meaning.derived("calculate", {"expression": "6 * 7"}, calculator) == {"result": 42}
    with pytest.raises(InvalidArguments, match="Unknown identifier: ts_mean"):
        meaning.derived("calculate", {"expression": "ts_mean(ret, 20)"}, calculator)


def test_an_expression_is_evaluated_and_what_no_calculator_accepts_is_refused() -> None:
    from mcp_sim.errors import InvalidArguments
    from mcp_sim.simulation.builtin.meaning import derived

    assert derived("calculate", {"expression": "17 * 23 - 5"}) == {"result": 386}
    assert derived("calculate", {"expression": "(1 + 2) / 4"}) == {"result": 0.75}
    assert derived("calculate", {"note": "1 / 0"}) == {}  # only arguments that say they are expressions
    for bad, said in [("1 / 0", "division by zero"), ("2 +", "invalid syntax"), ("x * 2", "Unknown identifier: x"),
                      ("round(2.675, 2)", "Unknown identifier: round"), ("9 ** 9 ** 9", "exponent too large"),
                      ("__import__('os').getcwd()", "Unsupported operation")]:  # fmt: skip
        try:
            derived("calculate", {"expression": bad})
        except InvalidArguments as exc:
            assert said in str(exc), (bad, str(exc))
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_an_expression_may_call_the_math_modules_functions_but_not_pythons_builtins() -> None:
    from mcp_sim.simulation.builtin.meaning import derived

    assert derived("calculate", {"expression": "sqrt(16) + floor(2.5)"}) == {"result": 6}
    assert derived("calculate", {"expression": "2 * pi"})["result"] == pytest.approx(6.283185307)
    for bad, said in [("sqrt(-1)", "math domain error"), ("round(2.5)", "Unknown identifier: round"),
                      ("factorial(100000)", "too large"), ("sqrt(x=4)", "keyword arguments")]:  # fmt: skip
        with pytest.raises(InvalidArguments, match=said):
            derived("calculate", {"expression": bad})
