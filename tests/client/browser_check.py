"""Drive `zenonzard serve`'s page in headless Chromium (Playwright), as a player would, and print
what happened as JSON: tests/client/test_browser.py runs it with a Python that has Playwright.

    python tests/client/browser_check.py URL CHROMIUM

With no click at all: which element has the keyboard, and whether `?` opens the help. Then one
click on the first card of the hand (the mulligan, a new game against the AI): whether the card
is marked to send back, as Enter on it does (the help: "Enter, click ... use the highlighted
card"). What the app draws is read from the bytes its websocket sends the page (the terminal's
output), never from pixels.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys

from playwright.async_api import async_playwright

# the hand's screen row at the mulligan (the status line, B's header, Forces, base and field,
# the line between the fields, A's field, base, Forces and header, then the hand)
HAND_ROW = 10
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]")


async def check(url: str, chromium: str) -> dict:
    received: list[str] = []
    sizes: list[dict] = []

    def watch(ws) -> None:
        ws.on("framereceived", lambda data: received.append(_text(data)))
        ws.on("framesent", lambda data: _size(data, sizes))

    async def drawn_since(mark: int, words: str, seconds: float = 10) -> bool:
        for _ in range(int(seconds / 0.1)):
            if words in "".join(received[mark:]):
                return True
            await asyncio.sleep(0.1)
        return False

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = await browser.new_page(viewport={"width": 1400, "height": 900})
        page.on("websocket", watch)
        await page.goto(url)
        await page.wait_for_selector("body.-first-byte", timeout=30000)
        ready = await drawn_since(0, "keep", 30)  # the duel screen is up: the mulligan
        await asyncio.sleep(0.5)
        focused = await page.evaluate("document.activeElement && document.activeElement.className")
        mark = len(received)
        await page.keyboard.press("?")  # no click before it
        helped = await drawn_since(mark, "this help")
        await page.keyboard.press("Escape")
        await asyncio.sleep(0.5)
        box = await page.evaluate(
            "(() => { const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height]; })()"
        )
        size = sizes[-1]
        cell_w, cell_h = box[2] / size["width"], box[3] / size["height"]
        mark = len(received)
        x, y = box[0] + 12.5 * cell_w, box[1] + (HAND_ROW + 0.5) * cell_h  # the first card
        await page.mouse.click(x, y)
        marked = await drawn_since(mark, "mulligan ")  # the list offers "mulligan <card>"
        await browser.close()
    return {"ready": ready, "focused": focused, "help": helped, "marked": marked}


def _text(data) -> str:
    raw = data if isinstance(data, bytes | bytearray) else str(data).encode()
    return ESCAPES.sub("", raw.decode("utf-8", "replace"))


def _size(data, sizes: list[dict]) -> None:
    try:
        message = json.loads(data)
    except (TypeError, ValueError):
        return
    if isinstance(message, list) and message and message[0] == "resize":
        sizes.append(message[1])


if __name__ == "__main__":
    print(json.dumps(asyncio.run(check(sys.argv[1], sys.argv[2]))))
