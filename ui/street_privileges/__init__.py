"""The Street Privileges window: its tab (:mod:`.tab`) and its forms (§ 506-9, with the width
limits of § 506-8): the application and its correction, the advice of the Chief of Police and the
Building Inspector, the terms the Director of Public Works sets (bond, insurance, conditions), City
costs, issuance, the checks of the conditions of occupancy, revocation, closing, and the Council's
removal notice and the City's removal.

Every rule is the core's (:mod:`clerk_desk.street_privileges.service`): widths are typed as lengths
("36 ft", "44 in", "4 1/2") and read by :func:`clerk_desk.lengths.parse_length`, and while the
clerk types the form shows what §§ 506-8 and 506-9 make of them (one-third of the street, one-half
of the sidewalk for building materials, the four-foot temporary walk and fence). A refusal by
the core is shown under the field it is about, and everything typed stays.

The forms are split by topic: :mod:`.application`, the acts up to the decision in
:mod:`.decisions`, those after issuance in :mod:`.enforcement`, and the pieces they share in
:mod:`.parts`. The rows shown are the core's frozen views
(:mod:`clerk_desk.street_privileges.details`), read inside one action, never live records.
"""
