"""Street numbers (§ 506-16), by topic: the map's streets (streets), the official addresses
(addresses), a number checked and suggested (checking), its assignment, change and retirement
(assignment), the building permit check (permit_check), the noncompliance cases (cases), an
address list imported (importing); the pure rules (rules), the acts allowed now (acts) and what
the window and the papers read (views)."""
