package org.gcs.cc.contract;

import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.tfrc.TfrcControl;

/** TFRC many-to-many (seed 004) against the controller contract. */
class TfrcContractTest extends ControllerContract {
    @Override
    CongestionControl control() {
        return new TfrcControl(SETTINGS);
    }
}
