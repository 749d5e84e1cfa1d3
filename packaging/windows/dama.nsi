; The Windows installer of Dáma (NSIS 3, Unicode). Built by packaging/windows/build.sh, which
; passes VERSION and STAGE (the folder holding dama.exe, the screen-reader DLLs and the texts):
;   makensis -DVERSION=0.1.0 -DSTAGE=target/windows/stage -DOUTFILE=... dama.nsi
;
; A per-user install: no administrator rights, the program in %LOCALAPPDATA%\Programs\Dama,
; a Start-menu entry, .pdn files opening in Dáma (HKCU\Software\Classes) and an entry in
; "Apps" / "Programs and Features" with the uninstaller. Settings and games the player saved
; (%APPDATA%\Dama) are kept by the uninstaller unless the player asks otherwise.

; A 64-bit installer for a 64-bit program (and for a Wine without 32-bit support).
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!include "MUI2.nsh"
!include "FileFunc.nsh"

!ifndef VERSION
  !error "makensis -DVERSION=… (build.sh passes it)"
!endif
!ifndef STAGE
  !error "makensis -DSTAGE=… (build.sh passes it)"
!endif
!ifndef OUTFILE
  !define OUTFILE "Dama-${VERSION}-setup.exe"
!endif

!define APP "Dáma"
!define KEY "Dama"
!define PROGID "Dama.PDN"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${KEY}"

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${KEY}"
InstallDirRegKey HKCU "Software\${KEY}" "InstallDir"
BrandingText "${APP} ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${APP}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP} — instalace / setup"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "LegalCopyright" "2026, Dáma developers (MIT OR Apache-2.0)"

!define MUI_ICON "${STAGE}\dama.ico"
!define MUI_UNICON "${STAGE}\dama.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\dama.exe"
!define MUI_LANGDLL_ALLLANGUAGES

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${STAGE}\LICENSE.txt"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_COMPONENTS
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "Czech"
!insertmacro MUI_LANGUAGE "English"

LangString DESC_PDN ${LANG_CZECH} "Partie dámy (PDN)"
LangString DESC_PDN ${LANG_ENGLISH} "Draughts game (PDN)"
LangString SEC_PROGRAM ${LANG_CZECH} "Program"
LangString SEC_PROGRAM ${LANG_ENGLISH} "Program"
LangString SEC_DATA ${LANG_CZECH} "Nastavení a rozehraná partie"
LangString SEC_DATA ${LANG_ENGLISH} "Settings and the game in progress"

Function .onInit
  ; Czech for Czech Windows, English otherwise; the choice is offered too.
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Function un.onInit
  !insertmacro MUI_UNGETLANGUAGE
FunctionEnd

Section "Dáma" SecProgram
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "${STAGE}\dama.exe"
  File "${STAGE}\nvdaControllerClient64.dll"
  File "${STAGE}\SAAPI64.dll"
  File "${STAGE}\dama.ico"
  File "${STAGE}\README.txt"
  File "${STAGE}\LICENSE.txt"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\dama.exe" "" "$INSTDIR\dama.exe" 0

  ; .pdn files open in Dáma (for this user; the user's own choice in Windows' settings wins).
  WriteRegStr HKCU "Software\Classes\.pdn" "" "${PROGID}"
  WriteRegStr HKCU "Software\Classes\.pdn\OpenWithProgids" "${PROGID}" ""
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "$(DESC_PDN)"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\dama.exe,0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\dama.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\Applications\dama.exe\SupportedTypes" ".pdn" ""
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  WriteRegStr HKCU "Software\${KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Dáma developers"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\dama.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "un.$(SEC_PROGRAM)" UnSecProgram
  SectionIn RO
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$INSTDIR\dama.exe"
  Delete "$INSTDIR\nvdaControllerClient64.dll"
  Delete "$INSTDIR\SAAPI64.dll"
  Delete "$INSTDIR\dama.ico"
  Delete "$INSTDIR\README.txt"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"

  ; The association only where it is still Dáma's.
  ReadRegStr $0 HKCU "Software\Classes\.pdn" ""
  StrCmp $0 "${PROGID}" 0 +2
    DeleteRegValue HKCU "Software\Classes\.pdn" ""
  DeleteRegValue HKCU "Software\Classes\.pdn\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\.pdn\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.pdn"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  DeleteRegKey HKCU "Software\Classes\Applications\dama.exe"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  DeleteRegKey HKCU "Software\${KEY}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd

; Off unless chosen: the player's settings, the autosaved game and the log (%APPDATA%\Dama).
; Games the player saved elsewhere are never touched.
Section /o "un.$(SEC_DATA)" UnSecData
  RMDir /r "$APPDATA\Dama"
SectionEnd
