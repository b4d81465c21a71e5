; Inno Setup 6 script for the Clerk Desk Windows installer.
;
; It installs the one-folder PyInstaller build dist\ClerkDesk that packaging\ClerkDesk.spec
; produces (ClerkDesk.exe, the window, and clerk-desk.exe, the same program for the command
; line). packaging\build_windows.ps1 freezes, compiles this script and tests the result; the
; version is never typed here: the build script passes it from pyproject.toml,
;   iscc /DAppVersion=X.Y.Z installer.iss
; tests\test_installer.py checks that this script and the spec agree.
;
; The user's data (database, backups, documents, logs) lives in the user's data folder,
; %LOCALAPPDATA%\ClerkDesk\ClerkDesk (clerk_desk\paths.py), never under the program folder.
; This script never names that folder: uninstalling leaves it, installing a new version over
; the old one keeps it, and the new version's first start backs the database up into its
; backups folder before it migrates it.

#ifndef AppVersion
  #error Pass the version from pyproject.toml: iscc /DAppVersion=X.Y.Z installer.iss
#endif

#define AppName "Clerk Desk"
#define AppExeName "ClerkDesk.exe"
#define AppPublisher "Clerk Desk developers"

[Setup]
; The AppId never changes: it is how an upgrade finds the installed program.
AppId={{6F1C3B52-8E0A-4D5B-9F5E-506C1E2D0E5A}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
DefaultDirName={autopf}\Clerk Desk
DefaultGroupName=Clerk Desk
DisableProgramGroupPage=yes
; Per-user install without administrator rights by default; per-machine when chosen in the
; dialog, or with /ALLUSERS on the command line (an IT contractor's silent install).
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline dialog
; An upgrade asks to close a running Clerk Desk before it replaces the program's files.
CloseApplications=yes
RestartApplications=no
OutputDir=dist\installer
OutputBaseFilename=ClerkDesk-{#AppVersion}-setup
SetupIconFile=resources\clerk-desk.ico
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
LicenseFile=LICENSE
InfoBeforeFile=README.md
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
; Qt 6 needs Windows 10 or later, 64-bit.
MinVersion=10.0
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade in place replaces the frozen program whole: a library of the old version left
; beside the new one could be loaded instead of the new one. Only the program folder's own
; _internal is removed; the user's data is never there.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "dist\ClerkDesk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
Source: "README.md"; DestDir: "{app}"; Flags: ignoreversion
Source: "LICENSE"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
