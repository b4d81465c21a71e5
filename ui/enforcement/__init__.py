"""The Enforcement tab (issue 21): cases of §§ 506-8, 506-11, 506-12, 506-20, 506-21, 506-23."""
