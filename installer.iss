; Inno Setup 6 script for the Clerk Desk Windows installer.
;
; A first version: it installs the one-folder PyInstaller build from dist\ClerkDesk. The packaging
; work (freezing, the self-test, the build script) finishes it. The version is never typed here:
; the build script passes it from pyproject.toml, e.g.
;   iscc /DAppVersion=X.Y.Z installer.iss
; User data (database, backups, documents) lives in the user's data folder
; (%LOCALAPPDATA%\ClerkDesk\ClerkDesk), never under the program folder, so uninstalling or
; upgrading leaves it where it is.

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
; Per-user install without administrator rights by default; per-machine when chosen.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputDir=dist\installer
OutputBaseFilename=ClerkDesk-{#AppVersion}-setup
SetupIconFile=resources\clerk-desk.ico
UninstallDisplayIcon={app}\{#AppExeName}
LicenseFile=LICENSE
InfoBeforeFile=README.md
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "dist\ClerkDesk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
Source: "README.md"; DestDir: "{app}"; Flags: ignoreversion
Source: "LICENSE"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
