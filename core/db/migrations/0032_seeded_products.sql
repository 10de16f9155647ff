-- The starting catalogue (data/catalogue.json, imported on a shop's first start) marked, so the
-- owner can archive the demo products in one step and tell them from their own. Databases made
-- before this column: the products with a SKU of that file came from it (the first start imports
-- it only into an empty catalogue).
ALTER TABLE "products" ADD COLUMN "seeded" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "seeded" = true WHERE "sku" IN (
  'AF-HEM-SS-S1', 'AF-HEM-SS-B25', 'AF-HEM-SIG-S1', 'AF-GR-CHAT-P5', 'AF-GR-CHATSG-S1', 'AF-GR-858-S1',
  'AF-DC-ROB-S1', 'AF-OPX-ROB-S1', 'AF-OPX-DRB-S1', 'ASH-CLA-MAG-S1', 'ASH-CLA-PM-S1', 'ASH-CAB-4-S1',
  'ASH-VSG-ROB-S1', 'DAV-SIG-2000-S1', 'DAV-SIG-2000-B25', 'DAV-GC-2-S1', 'DAV-GC-ROB-S1', 'DAV-ANI-3-S1',
  'DAV-WCLH-CH-S1', 'DAV-WCLH-ROB-B20', 'DAV-WCLH-TOR-S1', 'DAV-ESC-PR-P4', 'DAV-ESC-ROB-T1', 'AVO-CLA-2-S1',
  'AVO-CLA-2-P4', 'AVO-HER-ROB-S1', 'LAA-107EC-ROB-S1', 'LAA-107EC-BEL-S1', 'LAA-107USA-ROB-S1', 'LFD-DL-600-S1',
  'LFD-DL-600-P5', 'LFD-DL-CHI-S1', 'MAC-CAF-HP-S1', 'MAC-CAF-HP-B25', 'MAC-CAF-BDR-S1', 'MAC-CAF-ASC-T10',
  'EPC-PLG-PRQ-S1', 'EPC-PLG-PRQ-B10', 'EPC-INCH-60-S1', 'EPC-SO-PR-S1', 'PDR-1878-CN-ROB-S1', 'PDR-1878-CM-ROB-S1',
  'AGR-F55-ESP-S1', 'AGR-F55-CON-S1', 'MC-WS-ROT-S1', 'MC-WS-CHU-S1', 'MC-WS-TOR-B27', 'RYJ-1875-CHU-S1',
  'RYJ-1875-CHU-B25', 'KRI-NIC-ROB-S1', 'KRI-NIC-TOR-S1', 'VGF-NIC-ROB-S1', 'VGF-A7-REP-S1', 'QUO-SHD-ROB-BD20',
  'RYO-PUE-CLA-30', 'RYO-PUE-BLU-30', 'RYO-DRUM-ORI-40', 'RYO-VNEL-ZW-40', 'RYO-MAN-BLU-30', 'RYO-MAN-GLD-30',
  'PIPE-MACB-VC-50', 'PIPE-AMPH-ORI-50', 'ACC-XIK-XI1', 'ACC-LFL-LEPETIT', 'ACC-STD-MAXIJET', 'ACC-XIK-ALLUME',
  'ACC-BOV-69-60', 'ACC-BOV-72-60-P4', 'ACC-ADO-HABANA-DLX', 'ACC-ADO-HYGRO-HAIR', 'ACC-XIK-ENVOY1-COG', 'ACC-PRO-QUADRI-ASH'
);
