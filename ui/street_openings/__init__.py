"""The Street Openings window (§§ 506-4 to 506-14): its tab, the application and act dialogs, the
City-repair and deficiency charges and the improvements under a new street. It shows the core's
views (:mod:`clerk_desk.street_openings.views`) and enables its acts from
:mod:`clerk_desk.street_openings.acts`.
"""
