#!/usr/bin/env python3
"""Writes the reference QR Codes kakeibo's encoder is checked against (QRCodeTests), with python-qrcode and segno.

    pip install qrcode==8.2 segno==1.6.6 && python3 make_fixtures.py

Each case is a text in byte mode at error correction level M, the smallest version that holds it. A file NAME.txt
holds `version N`, `mask M`, `text HEX` (the UTF-8 bytes), `choices Q S`, then the symbol's rows without the quiet
zone, 1 for a dark module. The rows are python-qrcode's symbol with mask M forced. M is the mask ISO/IEC 18004:2015's
penalty rules (7.8.3, Table 11) give the lowest score, scored by segno's `mask_scores` on each of python-qrcode's
eight complete symbols (format and version information drawn). Q and S are the masks python-qrcode and segno choose
by themselves, for the record: neither is the standard's, exactly. segno scores the symbol before the format and
version information is drawn, and counts those reserved modules as dark (value 2) in N4; python-qrcode counts N3
its own way. segno's symbols themselves are not used: after the terminator it adds a zero byte when the bits already
end on a byte boundary (always, in byte mode), so its pad codewords sit a byte later than 7.4.10 puts them (the text
decodes the same). masks.txt holds 60 more texts (HEX, then M) for the mask choice alone. capacity.txt holds the most bytes each version 1-40 holds at level M, as segno says.
"""
import os
import random

import qrcode
import segno

HERE = os.path.dirname(os.path.abspath(__file__))
TOKEN = "3f9a1c0e5b7d42a8b6e1f0c9d2a7b4e85c1d0f3a9b2e7c6d4a1f8e0b3c5d7a9e"
ENDPOINT = "https://script.google.com/macros/s/AKfycbx2Qm9fZl7Rk3Jt0W8vYpL5sHcN1dEaGuTiOoPqVwXyZbCj4MnK6rS/exec"

CASES = {
    "v1-word": "kakeibo",
    "v2-japanese": "家計簿 食費 ¥198",
    "v2-url": "https://example.com/a",
    "v5-url": "https://script.google.com/macros/s/DEPLOYMENT-ID-0123456789/exec",
    "v7-url": "https://script.google.com/macros/s/DEPLOYMENT-ID-0123456789/exec#token=" + "ab" * 20,
    "v9-page": ENDPOINT + "#token=" + TOKEN,
    "v10-page-query": ENDPOINT + "?hl=en&member=ayumi-and-ken" + "#token=" + TOKEN,
    "v17-long-url": ENDPOINT + "?hl=en&" + "&".join("k%d=%s" % (i, TOKEN[:20]) for i in range(12)) + "#token=" + TOKEN,
    "v40-full": ("https://example.com/" + "0123456789abcdef" * 200)[:2331],
}


def qrcode_symbol(data, mask=None):
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=mask)
    code.add_data(qrcode.util.QRData(data, mode=qrcode.util.MODE_8BIT_BYTE))
    code.make(fit=True)
    return code


def standard_mask(data):
    """The mask whose complete symbol segno's penalty rules score lowest (the first of equals)."""
    scores = []
    for mask in range(8):
        matrix = [bytearray(1 if module else 0 for module in row) for row in qrcode_symbol(data, mask).get_matrix()]
        scores.append(sum(segno.encoder.mask_scores(matrix, len(matrix), len(matrix))))
    return scores.index(min(scores))


def main():
    for name, text in CASES.items():
        data = text.encode("utf-8")
        mask = standard_mask(data)
        code = qrcode_symbol(data, mask)
        version = code.version
        assert name.startswith("v%d-" % version), (name, version)
        own = qrcode_symbol(data)
        own.get_matrix()
        segnos = segno.make(data, error="m", mode="byte", boost_error=False, micro=False)
        assert segnos.version == version
        lines = ["version %d" % version, "mask %d" % mask, "text " + data.hex(), "choices %d %d" % (own.mask_pattern if own.mask_pattern is not None else own.best_mask_pattern(), segnos.mask)]
        lines += ["".join("1" if m else "0" for m in row) for row in code.get_matrix()]
        with open(os.path.join(HERE, name + ".txt"), "w") as out:
            out.write("\n".join(lines) + "\n")
    # More texts, for the mask choice alone: lengths across versions 1-12, ASCII and Japanese.
    rng = random.Random(40)
    words = ["kakeibo", "家計簿", "食費", "https://script.google.com/macros/s/", "#token=", TOKEN, "/exec", "牛乳 ¥198"]
    masks = []
    for _ in range(60):
        data = "".join(rng.choice(words) for _ in range(rng.randint(1, 8))).encode("utf-8")[: rng.randint(1, 280)]
        masks.append("%s %d" % (data.hex(), standard_mask(data)))
    with open(os.path.join(HERE, "masks.txt"), "w") as out:
        out.write("\n".join(masks) + "\n")
    capacities = []
    for version in range(1, 41):
        # The largest byte count segno puts in this version at level M.
        low, high = 1, 3000
        while low < high:
            middle = (low + high + 1) // 2
            try:
                segno.make(b"a" * middle, error="m", mode="byte", version=version, boost_error=False)
                low = middle
            except segno.DataOverflowError:
                high = middle - 1
        capacities.append("%d %d" % (version, low))
    with open(os.path.join(HERE, "capacity.txt"), "w") as out:
        out.write("\n".join(capacities) + "\n")


if __name__ == "__main__":
    main()
