"""The Special Event Vending window (§ 506-24): its tab, the application form, the dialogs of
each act, the checklist and the papers it prints. It shows the core's views
(:mod:`clerk_desk.vending.views`) and enables its acts from :mod:`clerk_desk.vending.acts`.
"""
