"""CSV as the services write it, for the fixture generators beside this file: a field quoted when it must be (or
every field), lines ended as the service ends them, text in its encoding, an optional UTF-8 byte-order mark."""


def csv_line(fields, quote_all):
    out = []
    for field in fields:
        if quote_all or any(c in field for c in ',"\r\n'):
            out.append('"' + field.replace('"', '""') + '"')
        else:
            out.append(field)
    return ",".join(out)


def csv_bytes(rows, encoding, quote_all=False, bom=False, newline="\r\n"):
    data = (newline.join(csv_line(r, quote_all) for r in rows) + newline).encode(encoding)
    return (b"\xef\xbb\xbf" if bom else b"") + data


def write_csv(directory, name, rows, encoding, quote_all=False, bom=False, newline="\r\n"):
    """Writes `rows` as `name` in `directory` (a Path), as csv_bytes makes them."""
    (directory / name).write_bytes(csv_bytes(rows, encoding, quote_all, bom, newline))


def yen(amount):
    """An amount as the services print it: 1,234."""
    return "{:,}".format(amount)
