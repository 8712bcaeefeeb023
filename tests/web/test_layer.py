"""The channel layer runs on one event loop per process: a push from synchronous code (a command,
the clock thread closing a stage, the deadline worker) is handed to that loop, never run on a
loop of its own, so the PostgreSQL layer's connections are only ever used where they were made."""

import asyncio
import threading

import pytest

from bansha.engine import Close
from bansha.service.games import SERVICE
from bansha.web import layer
from tests.web.sockets import on_the_layer, open_socket, pushed, rest, socket

pytestmark = pytest.mark.django_db(transaction=True, databases="__all__")


def test_calls_from_any_thread_run_on_the_one_layer_loop() -> None:
    seen: list[asyncio.AbstractEventLoop] = []

    async def probe() -> None:
        seen.append(asyncio.get_running_loop())

    threads = [threading.Thread(target=layer.call, args=(lambda _: probe(),)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    layer.call(lambda _: probe())
    assert len(seen) == 4 and set(seen) == {layer.loop()}


def test_a_loop_that_is_gone_gives_the_layer_back_to_the_process() -> None:
    async def connect_and_leave() -> asyncio.AbstractEventLoop:
        layer.adopt(asyncio.get_running_loop())  # what a socket's connect does
        return asyncio.get_running_loop()

    gone = asyncio.run(connect_and_leave())
    assert gone.is_closed()
    assert layer.loop() is not gone and layer.loop().is_running()


def test_a_stage_closed_from_the_clock_thread_reaches_an_open_socket() -> None:
    """The clock thread has no loop: its push still reaches the page (and again on the next
    close: the layer is not left on a loop that is gone)."""
    created = SERVICE.create("m103", list("甲乙丙丁戊己庚辛壬癸子丑寅卯"), seed=3)
    gid = created.record.id

    def close_on_a_thread() -> None:
        t = threading.Thread(target=SERVICE.submit, args=(gid, Close()), name="deadlines")
        t.start()
        t.join()

    async def watch() -> list[list[str]]:
        ws = socket(gid, "public")
        await open_socket(ws)
        heard = []
        for _ in range(2):
            await asyncio.to_thread(close_on_a_thread)
            heard.append(pushed([await ws.receive_output(10), *await rest(ws)]))
        await ws.send_input({"type": "websocket.disconnect", "code": 1000})
        return heard

    first, second = on_the_layer(watch())
    assert len(first) == 1 and len(second) == 1 and first != second


def _on_postgres() -> bool:
    from django.db import connection

    return connection.vendor == "postgresql"


def test_a_push_right_after_a_page_opens_reaches_it_however_slow_the_layer_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under load the PostgreSQL layer took seconds to take a new socket's lock and to start
    listening; a push sent in that window was discarded and the page stayed on its old view. The
    layer is slowed on purpose (its own database calls, each made to wait): a stage closed the
    moment the page has its first view still reaches it, on a layer made anew (the first socket
    of a process) and on one already listening."""
    if not _on_postgres():
        pytest.skip("the in-memory layer delivers at once")
    from channels_postgres.db import DatabaseLayer

    def slowed(name: str) -> None:
        real = getattr(DatabaseLayer, name)

        async def slow(self: DatabaseLayer, *args: object) -> object:
            await asyncio.sleep(1.5)
            return await real(self, *args)

        monkeypatch.setattr(DatabaseLayer, name, slow)

    slowed("acquire_advisory_lock")
    slowed("retrieve_non_expired_queued_messages")
    created = SERVICE.create("m103", list("甲乙丙丁戊己庚辛壬癸子丑寅卯"), seed=4)
    gid = created.record.id

    async def opened_then_told() -> list[str]:
        ws = socket(gid, "public")
        await open_socket(ws)
        await asyncio.to_thread(SERVICE.submit, gid, Close())
        heard = pushed([await ws.receive_output(10), *await rest(ws)])
        await ws.send_input({"type": "websocket.disconnect", "code": 1000})
        return heard

    layer.release()  # the next socket is the first of a new layer
    assert len(on_the_layer(opened_then_told())) == 1
    assert len(on_the_layer(opened_then_told())) == 1


def test_on_a_servers_loop_a_command_does_not_wait_for_its_push(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """On the server's loop (adopted at start-up) a push is handed over and the command goes on:
    a layer held up (here until the test lets it go) holds no request; the pushes still run, and a
    failed one is logged."""
    monkeypatch.setattr(layer, "CALL_TIMEOUT", 60.0)  # a waiting caller would wait this long
    server_loop = asyncio.new_event_loop()
    ready = threading.Event()
    threading.Thread(target=layer._serve, args=(server_loop, ready), daemon=True).start()
    ready.wait()
    gate = asyncio.Event()
    done: list[str] = []

    async def held(name: str) -> None:
        await gate.wait()
        done.append(name)

    async def failing() -> None:
        raise RuntimeError("layer down")

    try:
        layer.adopt(server_loop)  # as the lifespan's start-up
        assert layer.loop() is server_loop
        caller = threading.Thread(
            target=lambda: [layer.call(lambda _, n=n: held(n)) for n in "ab"]  # type: ignore[misc]
        )
        caller.start()
        caller.join(30)
        assert not caller.is_alive() and done == []  # went on while the layer was held up
        server_loop.call_soon_threadsafe(gate.set)
        layer.call(lambda _: failing())
        for _ in range(3000):  # both pushes run once the layer lets them (in either order:
            if len(done) == 2:  # each makes its sockets read the game as it is then)
                break
            asyncio.run_coroutine_threadsafe(asyncio.sleep(0.01), server_loop).result(30)
        assert sorted(done) == ["a", "b"]
        asyncio.run_coroutine_threadsafe(asyncio.sleep(0), server_loop).result(30)
        assert any("channel layer call failed" in r.getMessage() for r in caplog.records)
    finally:
        server_loop.call_soon_threadsafe(server_loop.stop)
        while server_loop.is_running():
            pass
        server_loop.close()
    assert layer.loop() is not server_loop  # the process's own loop again
