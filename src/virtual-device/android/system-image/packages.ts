/**
 * The UI-less packages of an Android 14 (API 34) emulator system image, with
 * their code paths, so `pm list packages -s [-f]` reads like a phone's.
 */
import type { PackageSpec } from '../system/packages.js';

/** `[packageName, codePath]`: where the image keeps each APK. */
const IMAGE: ReadonlyArray<readonly [string, string]> = [
  ['android', '/system/framework/framework-res.apk'],
  ['com.android.systemui', '/system_ext/priv-app/SystemUI/SystemUI.apk'],
  ['com.android.phone', '/system/priv-app/TeleService/TeleService.apk'],
  ['com.android.shell', '/system/priv-app/Shell/Shell.apk'],
  ['com.android.providers.settings', '/system/priv-app/SettingsProvider/SettingsProvider.apk'],
  [
    'com.android.providers.media.module',
    '/apex/com.android.mediaprovider/priv-app/MediaProvider/MediaProvider.apk',
  ],
  ['com.android.providers.contacts', '/system/priv-app/ContactsProvider/ContactsProvider.apk'],
  ['com.android.providers.telephony', '/system/priv-app/TelephonyProvider/TelephonyProvider.apk'],
  ['com.android.providers.downloads', '/system/priv-app/DownloadProvider/DownloadProvider.apk'],
  ['com.android.providers.calendar', '/system/priv-app/CalendarProvider/CalendarProvider.apk'],
  ['com.android.inputmethod.latin', '/system/app/LatinIME/LatinIME.apk'],
  ['com.android.bluetooth', '/apex/com.android.btservices/app/Bluetooth/Bluetooth.apk'],
  ['com.android.nfc', '/system/app/NfcNci/NfcNci.apk'],
  ['com.android.server.telecom', '/system/priv-app/Telecom/Telecom.apk'],
  [
    'com.android.permissioncontroller',
    '/apex/com.android.permission/priv-app/PermissionController/PermissionController.apk',
  ],
  ['com.android.packageinstaller', '/system/priv-app/PackageInstaller/PackageInstaller.apk'],
  ['com.android.location.fused', '/system/priv-app/FusedLocation/FusedLocation.apk'],
  ['com.android.networkstack', '/system/priv-app/NetworkStack/NetworkStack.apk'],
  ['com.android.wifi.resources', '/apex/com.android.wifi/app/ServiceWifiResources/ServiceWifiResources.apk'],
  ['com.android.externalstorage', '/system/priv-app/ExternalStorageProvider/ExternalStorageProvider.apk'],
  ['com.android.documentsui', '/system/priv-app/DocumentsUI/DocumentsUI.apk'],
  ['com.android.keychain', '/system/priv-app/KeyChain/KeyChain.apk'],
  ['com.android.certinstaller', '/system/app/CertInstaller/CertInstaller.apk'],
  ['com.android.printspooler', '/system/app/PrintSpooler/PrintSpooler.apk'],
  ['com.android.vpndialogs', '/system/priv-app/VpnDialogs/VpnDialogs.apk'],
  ['com.android.wallpaperbackup', '/system/app/WallpaperBackup/WallpaperBackup.apk'],
  ['com.android.emergency', '/system/priv-app/EmergencyInfo/EmergencyInfo.apk'],
  [
    'com.android.dynsystem',
    '/system/priv-app/DynamicSystemInstallationService/DynamicSystemInstallationService.apk',
  ],
  ['com.android.camera2', '/system/app/Camera2/Camera2.apk'],
  ['com.android.contacts', '/system/priv-app/Contacts/Contacts.apk'],
  ['com.android.dialer', '/system/priv-app/Dialer/Dialer.apk'],
  ['com.android.messaging', '/system/app/messaging/messaging.apk'],
  ['com.android.deskclock', '/system/app/DeskClock/DeskClock.apk'],
  ['com.android.calculator2', '/system/app/Calculator/Calculator.apk'],
  ['com.android.gallery3d', '/system/app/Gallery2/Gallery2.apk'],
  ['com.android.traceur', '/system/app/Traceur/Traceur.apk'],
  ['com.android.intentresolver', '/system/priv-app/IntentResolver/IntentResolver.apk'],
  ['com.android.webview', '/system/app/webview/webview.apk'],
  ['com.google.android.gms', '/system/priv-app/PrebuiltGmsCore/PrebuiltGmsCore.apk'],
  ['com.google.android.gsf', '/system/priv-app/GoogleServicesFramework/GoogleServicesFramework.apk'],
];

/** Packages that run as a shared system uid; the rest get app uids. */
const SHARED_UIDS: Readonly<Record<string, number>> = {
  android: 1000,
  'com.android.providers.settings': 1000,
  'com.android.phone': 1001,
  'com.android.shell': 2000,
};

export const SYSTEM_PACKAGES: readonly PackageSpec[] = IMAGE.map(([packageName, codePath]) => ({
  packageName,
  codePath,
  uid: SHARED_UIDS[packageName],
  versionName: '14',
  versionCode: 34,
  system: true,
}));

/** Where the system apps with a UI live in the image, and Settings' shared system uid. */
export const SYSTEM_APP_IMAGE: Readonly<Record<string, { codePath: string; uid?: number }>> = {
  'com.android.launcher3': { codePath: '/system_ext/priv-app/Launcher3QuickStep/Launcher3QuickStep.apk' },
  'com.android.settings': { codePath: '/system_ext/priv-app/Settings/Settings.apk', uid: 1000 },
  'com.android.chrome': { codePath: '/product/app/Chrome/Chrome.apk' },
};
