<#
.SYNOPSIS
    Build the Clerk Desk installer on Windows: a virtual environment, the install, the freeze,
    the frozen program's self-test, and the setup program compiled by Inno Setup 6.

.DESCRIPTION
    From the top of the checkout (or anywhere: the script finds it):

        powershell -ExecutionPolicy Bypass -File packaging\build_windows.ps1
        powershell -ExecutionPolicy Bypass -File packaging\build_windows.ps1 -InstallTest

    Needs Python 3.11 (the "py" launcher, or -Python C:\path\to\python.exe) and Inno Setup 6
    (winget install JRSoftware.InnoSetup, or choco install innosetup). Writes dist\ClerkDesk
    (the program folder) and dist\installer\ClerkDesk-<version>-setup.exe. The version comes from
    pyproject.toml and is passed to ISCC as /DAppVersion; it is never typed anywhere else.

    -InstallTest then installs the setup for the current user (silently), runs the installed
    program's self-test, writes a demo database into the user's data folder, installs the same
    setup again over it (an upgrade in place), checks the database is still there and sound,
    uninstalls, and checks the user's data folder was left alone. .github\workflows\windows.yml
    runs this on a Windows runner.
#>
[CmdletBinding()]
param(
    [string]$Python = "",
    [switch]$InstallTest
)

$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest
$Root = Split-Path -Parent $PSScriptRoot
Set-Location $Root

function Step([string]$Text) { Write-Host "== $Text" }

function Check([string]$What) {
    if ($LASTEXITCODE -ne 0) { throw "$What failed (exit status $LASTEXITCODE)" }
}

function Find-Iscc {
    $command = Get-Command ISCC.exe -ErrorAction SilentlyContinue
    if ($command) { return $command.Source }
    $folders = @(
        "${env:ProgramFiles(x86)}\Inno Setup 6",
        "$env:ProgramFiles\Inno Setup 6",
        "$env:LOCALAPPDATA\Programs\Inno Setup 6"
    )
    foreach ($folder in $folders) {
        if (Test-Path "$folder\ISCC.exe") { return "$folder\ISCC.exe" }
    }
    throw "Inno Setup 6 is not installed (winget install JRSoftware.InnoSetup)"
}

# ---- a virtual environment with Clerk Desk, PostgreSQL's driver and PyInstaller ------------------
$Venv = Join-Path $Root ".venv-build"
$Py = Join-Path $Venv "Scripts\python.exe"
if (-not (Test-Path $Py)) {
    Step "creating the virtual environment $Venv"
    if ($Python) {
        & $Python -m venv $Venv
    } elseif (Get-Command py -ErrorAction SilentlyContinue) {
        & py -3.11 -m venv $Venv
    } else {
        & python -m venv $Venv
    }
    Check "python -m venv"
}
Step "installing Clerk Desk with its PostgreSQL driver and PyInstaller"
& $Py -m pip install --quiet --upgrade pip
Check "pip install --upgrade pip"
& $Py -m pip install --quiet ".[postgresql,freeze]"
Check "pip install"
$Version = (& $Py packaging\freeze.py --version).Trim()
Check "reading the version"

# ---- freeze, and the frozen program's self-test ----------------------------------------------------
Step "freezing Clerk Desk $Version (packaging\ClerkDesk.spec) and running its self-test"
& $Py packaging\freeze.py
Check "the freeze or the frozen self-test"
# The windowed program has no console to print to: its exit status is what it says.
$Window = Start-Process -FilePath (Join-Path $Root "dist\ClerkDesk\ClerkDesk.exe") -ArgumentList "self-test" -Wait -PassThru
if ($Window.ExitCode -ne 0) { throw "ClerkDesk.exe self-test failed (exit status $($Window.ExitCode))" }
Step "ClerkDesk.exe self-test passed too"

# ---- the setup program ---------------------------------------------------------------------------
$Iscc = Find-Iscc
$Setup = Join-Path $Root "dist\installer\ClerkDesk-$Version-setup.exe"
if (Test-Path $Setup) { Remove-Item $Setup }
Step "compiling installer.iss with $Iscc"
& $Iscc /Q "/DAppVersion=$Version" installer.iss
Check "ISCC"
if (-not (Test-Path $Setup)) { throw "ISCC wrote no $Setup" }
Step ("built {0} ({1:N0} MB)" -f $Setup, ((Get-Item $Setup).Length / 1MB))

if (-not $InstallTest) { exit 0 }

# ---- install, self-test, upgrade in place, uninstall: the user's data stays ----------------------
$AppDir = Join-Path $env:LOCALAPPDATA "Programs\Clerk Desk"  # {autopf} of a per-user install
$DataDir = Join-Path $env:LOCALAPPDATA "ClerkDesk\ClerkDesk"  # clerk_desk.paths.data_dir()
$Demo = Join-Path $DataDir "demo.sqlite3"
$Cli = Join-Path $AppDir "clerk-desk.exe"

function Install-Setup([string]$Log) {
    $arguments = @("/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER", "/LOG=$Log")
    $process = Start-Process -FilePath $Setup -ArgumentList $arguments -Wait -PassThru
    if ($process.ExitCode -ne 0) { throw "the setup failed (exit status $($process.ExitCode)); see $Log" }
}

Step "installing for the current user into $AppDir"
Install-Setup (Join-Path $Root "dist\installer\install.log")
if (-not (Test-Path (Join-Path $AppDir "ClerkDesk.exe"))) { throw "ClerkDesk.exe was not installed" }
& $Cli self-test
Check "the installed program's self-test"
& $Cli demo --replace
Check "clerk-desk demo"
if (-not (Test-Path $Demo)) { throw "the demo database is not in the user's data folder $DataDir" }
$Before = (Get-FileHash $Demo).Hash

Step "installing again over it (an upgrade in place)"
Install-Setup (Join-Path $Root "dist\installer\upgrade.log")
if ((Get-FileHash $Demo).Hash -ne $Before) { throw "the upgrade changed the user's database" }
& $Cli --database $Demo check
Check "clerk-desk check after the upgrade"

Step "uninstalling"
$Uninstaller = Join-Path $AppDir "unins000.exe"
Start-Process -FilePath $Uninstaller -ArgumentList "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART" -Wait
for ($i = 0; ($i -lt 60) -and (Test-Path (Join-Path $AppDir "ClerkDesk.exe")); $i++) { Start-Sleep 1 }
if (Test-Path (Join-Path $AppDir "ClerkDesk.exe")) { throw "the program is still installed" }
if ((Get-FileHash $Demo).Hash -ne $Before) { throw "uninstalling touched the user's data" }
Step "installed, self-tested, upgraded in place and uninstalled; $DataDir was kept"
