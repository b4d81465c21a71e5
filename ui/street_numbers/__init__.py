"""The Street Numbers tab and its forms (§ 506-16).

Streets of the numbering map, the assignment of an official number (with the program's
suggestion and the live check of the number typed), a change or retirement with its reason, the
noncompliance acts (numbers missing, notice served, referral, compliance, withdrawal) and the
report on an address list before it is imported. Every rule is the core's
(:mod:`clerk_desk.street_numbers`): a form shows its findings with their section and puts a
refusal under the field it concerns, so the form stays open with what was typed.

The rows shown come from :mod:`clerk_desk.street_numbers.views`, and the services answer with
ids or views: the forms never hold a record.

:mod:`.tab` is the tab (found by the main window); :mod:`.addresses_page` and :mod:`.cases_page`
its two registers; :mod:`.street_dialogs`, :mod:`.number_dialogs`, :mod:`.case_dialogs` and
:mod:`.import_dialog` the forms, by what they record; :mod:`.papers` the letter and the notice.
"""
