"""``ruleset.form`` builds the same legal act as the named tuple's own constructor."""

from bansha.engine.ruleset import LegalAct, form


def test_form_equals_the_named_tuple() -> None:
    """Every field in its place, the type a ``LegalAct``, the other fields their defaults."""
    built = form("check", (1, 2), 1, ("a", "b"), must_include=(2,), rare=True)
    assert type(built) is LegalAct
    assert built == LegalAct("check", (1, 2), 1, ("a", "b"), rare=True, must_include=(2,))
    assert built.skill == "check" and built.picks == 1 and built.must_include == (2,)
    assert form("vote", (0,), 1) == LegalAct("vote", (0,), 1)
